import { describe, expect, it } from 'vitest';
import { createStudio, studioDiffers, studioReducer } from './studio';

const emails = Array.from({ length: 7 }, (_, i) => ({ subject: `s${i + 1}`, body: `b${i + 1}` }));

describe('studio reducer', () => {
  it('starts with the default cadence and nothing to undo', () => {
    const studio = createStudio(emails);
    expect(studio.cadence).toEqual([0, 3, 7, 11, 16, 21, 28]);
    expect(studio.undo).toEqual(Array(7).fill(null));
    expect(studio.regenerating).toEqual([]);
  });

  it('edits a subject, a body and a send day in place', () => {
    let studio = createStudio(emails);
    studio = studioReducer(studio, { type: 'editSubject', index: 1, subject: 'Edited subject' });
    studio = studioReducer(studio, { type: 'editBody', index: 1, body: 'Edited body' });
    studio = studioReducer(studio, { type: 'setSendDay', index: 3, day: 12 });
    expect(studio.emails[1]).toEqual({ subject: 'Edited subject', body: 'Edited body' });
    expect(studio.emails[0]).toBe(emails[0]);
    expect(studio.cadence[3]).toBe(12);
    // Out-of-range indexes change nothing.
    expect(studioReducer(studio, { type: 'editBody', index: 9, body: 'x' })).toBe(studio);
  });

  it('regenerating one email keeps every other email and its edits, and Undo restores the old text', () => {
    let studio = createStudio(emails);
    studio = studioReducer(studio, { type: 'editBody', index: 1, body: 'My edit to email 2' });
    studio = studioReducer(studio, { type: 'editBody', index: 2, body: 'My edit to email 3' });
    studio = studioReducer(studio, { type: 'regenerateStarted', index: 2 });
    expect(studio.regenerating).toEqual([2]);
    // The user keeps editing another email while email 3 is rewritten.
    studio = studioReducer(studio, { type: 'editSubject', index: 4, subject: 'Typed meanwhile' });
    const rewritten = { subject: 'Shorter', body: 'A shorter email 3.' };
    studio = studioReducer(studio, { type: 'regenerated', index: 2, email: rewritten });
    expect(studio.regenerating).toEqual([]);
    expect(studio.emails[2]).toEqual(rewritten);
    expect(studio.emails[1]?.body).toBe('My edit to email 2');
    expect(studio.emails[4]?.subject).toBe('Typed meanwhile');
    expect(studio.undo[2]).toEqual({ subject: 's3', body: 'My edit to email 3' });
    studio = studioReducer(studio, { type: 'undo', index: 2 });
    expect(studio.emails[2]).toEqual({ subject: 's3', body: 'My edit to email 3' });
    expect(studio.undo[2]).toBeNull();
    expect(studio.emails[1]?.body).toBe('My edit to email 2');
    // Nothing left to undo.
    expect(studioReducer(studio, { type: 'undo', index: 2 })).toBe(studio);
  });

  it('a failed regeneration only ends the progress', () => {
    let studio = studioReducer(createStudio(emails), { type: 'regenerateStarted', index: 0 });
    studio = studioReducer(studio, { type: 'regenerateFailed', index: 0 });
    expect(studio.regenerating).toEqual([]);
    expect(studio.emails).toEqual(emails);
  });

  it('tells whether the emails or days differ from a saved version', () => {
    const saved = { emails, cadence: [0, 3, 7, 11, 16, 21, 28] };
    const studio = createStudio(emails, saved.cadence);
    expect(studioDiffers(studio, saved)).toBe(false);
    expect(studioDiffers(studioReducer(studio, { type: 'editBody', index: 6, body: 'x' }), saved)).toBe(true);
    expect(studioDiffers(studioReducer(studio, { type: 'setSendDay', index: 6, day: 30 }), saved)).toBe(true);
    // Typing a change and back is no change.
    const back = studioReducer(studioReducer(studio, { type: 'editBody', index: 0, body: 'x' }), {
      type: 'editBody',
      index: 0,
      body: 'b1',
    });
    expect(studioDiffers(back, saved)).toBe(false);
  });
});
