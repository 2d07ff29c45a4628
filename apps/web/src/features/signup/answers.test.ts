import type { Question } from '@pac/validators';
import { describe, expect, it } from 'vitest';
import { answerErrors, answersToSend, initialAnswers, quantityError, stillNeeded } from './answers';

const questions: Question[] = [
  { id: 'child', label: "Child's name and class", kind: 'text', required: true },
  { id: 'size', label: 'T-shirt size', kind: 'choice', options: ['S', 'M', 'L'], required: true },
  { id: 'photos', label: 'Photos are fine', kind: 'checkbox', required: false },
  { id: 'rules', label: 'I have read the rules', kind: 'checkbox', required: true },
];

describe('initialAnswers', () => {
  it('starts empty (checkboxes unticked), or from the answers already given', () => {
    expect(initialAnswers(questions)).toEqual({ child: '', size: '', photos: false, rules: false });
    expect(initialAnswers(questions, { child: 'Sam', size: 'M', rules: true, old: 'kept out' })).toEqual({
      child: 'Sam',
      size: 'M',
      photos: false,
      rules: true,
    });
  });
});

describe('answerErrors: the sentences the server answers, by field', () => {
  it('names each required question left empty', () => {
    expect(answerErrors(questions, initialAnswers(questions))).toEqual({
      'answers.child': "Child's name and class is required",
      'answers.size': 'T-shirt size is required',
      'answers.rules': 'I have read the rules is required',
    });
  });

  it('refuses a choice that is not an option and text that is too long', () => {
    const errors = answerErrors(questions, { child: 'x'.repeat(1001), size: 'XL', rules: true });
    expect(errors).toEqual({
      'answers.child': "Child's name and class must be at most 1000 characters",
      'answers.size': 'Please choose one of the options for T-shirt size',
    });
  });

  it('has none for good answers, which are sent trimmed', () => {
    const answers = { child: '  Sam, 3B ', size: 'M', photos: false, rules: true };
    expect(answerErrors(questions, answers)).toEqual({});
    expect(answersToSend(questions, answers)).toEqual({ child: 'Sam, 3B', size: 'M', photos: false, rules: true });
  });
});

describe('quantities of an item slot', () => {
  it('says what is still needed, never below 0', () => {
    expect(stillNeeded({ maxVolunteers: 24, currentVolunteers: 12 })).toBe(12);
    expect(stillNeeded({ maxVolunteers: 24, currentVolunteers: 30 })).toBe(0);
  });

  it.each([
    [1, null],
    [12, null],
    ['12', null],
    [13, 'Only 12 still needed for this item'],
    [0, 'Quantity must be a whole number of at least 1'],
    [2.5, 'Quantity must be a whole number of at least 1'],
    ['', 'Quantity must be a whole number of at least 1'],
  ])('%s of 12 still needed: %s', (value, message) => {
    expect(quantityError(value, 12)).toBe(message);
  });
});
