import { describe, expect, it } from 'vitest';
import { duration, failureSummary, parseArguments, tiers } from './test-tiers.mjs';

describe('the test tiers', () => {
  it('run in order: unit first, then the ones after the build', () => {
    expect(tiers.map((t) => [t.name, t.build])).toEqual([
      ['unit', false],
      ['server', true],
      ['fuzz', false],
      ['e2e', true],
    ]);
  });

  it('pass other arguments to vitest, keeping its default reporter, and keep the JSON report to themselves', () => {
    expect(parseArguments([])).toEqual({ tiers, vitestArgs: ['--reporter=default'], jsonFile: null });
    const ci = parseArguments([
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=/tmp/r.json',
      '-t',
      'signup',
    ]);
    expect(ci.vitestArgs).toEqual(['--reporter=default', '-t', 'signup']);
    expect(ci.jsonFile).toBe('/tmp/r.json');
    expect(parseArguments(['--reporter', 'json', '--outputFile.json', 'r.json']).vitestArgs).toEqual([
      '--reporter=default',
    ]);
    expect(parseArguments(['--reporter=dot']).vitestArgs).toEqual(['--reporter=dot']);
  });

  it('run only the tiers named, and refuse an unknown one', () => {
    expect(parseArguments(['--tier=fuzz', '--tier', 'unit']).tiers.map((t) => t.name)).toEqual(['unit', 'fuzz']);
    expect(() => parseArguments(['--tier=slow'])).toThrow('No tier slow: the tiers are unit, server, fuzz, e2e');
  });

  it('print wall times as people read them', () => {
    expect(duration(420)).toBe('0.4 s');
    expect(duration(45_300)).toBe('45 s');
    expect(duration(72_400)).toBe('1 min 12 s');
  });
});

describe('failureSummary', () => {
  const base = {
    numPassedTests: 1,
    numFailedTests: 1,
    numPendingTests: 0,
    numTodoTests: 0,
    numTotalTests: 2,
    numFailedTestSuites: 1,
    success: false,
  };

  it('names each failed test with the first lines of its message, and a file that failed on its own', () => {
    const lines = failureSummary({
      ...base,
      testResults: [
        { name: '/a.test.ts', status: 'passed', assertionResults: [{ fullName: 'fine', status: 'passed' }] },
        {
          name: '/b.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'fine too', status: 'passed' },
            {
              fullName: 'the fuzz > keeps its answers',
              status: 'failed',
              failureMessages: ['AssertionError: 500\n\n  at x'],
            },
          ],
        },
        { name: '/c.test.ts', status: 'failed', message: 'Hook timed out', assertionResults: [] },
      ],
    });
    expect(lines).toEqual([
      '  /b.test.ts > the fuzz > keeps its answers',
      '      AssertionError: 500',
      '        at x',
      '  /c.test.ts',
      '      Hook timed out',
    ]);
  });

  it('is empty when nothing failed', () => {
    expect(
      failureSummary({ ...base, numFailedTests: 0, testResults: [{ name: '/a.test.ts', status: 'passed' }] }),
    ).toEqual([]);
  });
});
