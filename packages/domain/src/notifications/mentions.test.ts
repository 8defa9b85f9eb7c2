import { describe, expect, it } from 'vitest';
import { mentionedUsers, mentionHandles, newMentions } from './mentions';

describe('mentions in notes', () => {
  it('reads @first names and @e-mail names, once each, but not e-mail addresses', () => {
    expect(
      mentionHandles('@Maria please check the prongs; ask @marco.bellini. Customer: sam@example.com @maria'),
    ).toEqual(['maria', 'marco.bellini']);
    expect(mentionHandles('Size 7 @ 2.5 mm, no one named')).toEqual([]);
  });

  it('counts only the mentions an edit adds', () => {
    expect(newMentions('@maria check', '@maria check, then @hannah polish')).toEqual(['hannah']);
    expect(newMentions('@maria', 'Done. @Maria')).toEqual([]);
  });

  it('names the user by e-mail name, or by a first name only one colleague has', () => {
    const users = [
      { id: 'u1', firstName: 'Maria', email: 'maria@atelier.example' },
      { id: 'u2', firstName: 'Marco', email: 'marco.bellini@atelier.example' },
      { id: 'u3', firstName: 'Sam', email: 'sam.k@atelier.example' },
      { id: 'u4', firstName: 'Sam', email: 'sam.o@atelier.example' },
    ];
    expect(mentionedUsers(['maria', 'marco.bellini'], users)).toEqual(['u1', 'u2']);
    expect(mentionedUsers(['marco'], users)).toEqual(['u2']);
    // Two Sams: a first name names neither; the e-mail name still does.
    expect(mentionedUsers(['sam'], users)).toEqual([]);
    expect(mentionedUsers(['sam.o'], users)).toEqual(['u4']);
    expect(mentionedUsers(['nobody'], users)).toEqual([]);
  });
});
