import { describe, expect, it } from 'vitest';
import { mailbox } from './mailbox';

describe('mailbox', () => {
  it('reads case and +tags as the same mailbox', () => {
    for (const address of [
      'victim@example.org',
      'Victim@Example.ORG',
      'victim+1@example.org',
      'VICTIM+pta+2@example.org',
    ])
      expect(mailbox(address)).toBe('victim@example.org');
  });

  it('keeps apart what are different mailboxes', () => {
    expect(mailbox('victim@example.org')).not.toBe(mailbox('victim@example.net'));
    expect(mailbox('vic.tim@example.org')).not.toBe(mailbox('victim@example.org'));
    expect(mailbox('+news@example.org')).toBe('+news@example.org');
  });
});
