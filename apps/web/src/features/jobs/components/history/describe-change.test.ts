import type { TItemChange } from '@loupe/domain/history/item-change';
import { describe, expect, it } from 'vitest';
import { orderChangeFormatter } from '../../kinds/order/order-labels';
import { describeChange } from './describe-change';

function change(action: TItemChange['action'], changes: TItemChange['changes']): TItemChange {
  return { id: 1, at: '2026-11-20T10:00:00.000Z', action, actor: { id: 'u', name: 'Ana' }, changes };
}

describe('describeChange (issue 11 §1: history in words, no field codes or JSON)', () => {
  it('groups a creation into one line of what the order was created with', () => {
    const description = describeChange(
      change('created', {
        customer: { from: null, to: { id: 'e550', name: 'Abigail Foster' } },
        productType: { from: null, to: { id: 'p1', name: 'Ring' } },
        isRush: { from: null, to: true },
        priceCents: { from: null, to: 120000 },
        depositCents: { from: null, to: 0 },
        notes: { from: null, to: 'Engrave inside' },
        status: { from: null, to: 'new' },
      }),
      orderChangeFormatter,
    );
    expect(description.headline).toBe('Created');
    expect(description.lines).toEqual([
      'Customer: Abigail Foster · Product type: Ring · Rush · Price: $1,200.00',
    ]);
  });

  it('says what a field became, in words', () => {
    const { lines } = describeChange(
      change('updated', {
        customer: { from: null, to: { id: 'e550', name: 'Abigail Foster' } },
        salesperson: { from: { id: 's1', name: 'Ana' }, to: { id: 's2', name: 'Ben' } },
        promisedDate: { from: '2026-12-01', to: null },
        notes: { from: 'a', to: 'b' },
        isRush: { from: false, to: true },
      }),
      orderChangeFormatter,
    );
    // In the form's order, whatever order the stored change has.
    expect(lines).toEqual([
      'Customer set to Abigail Foster',
      'Salesperson changed from Ana to Ben',
      'Marked as rush',
      'Promised date cleared',
      'Notes edited',
    ]);
    expect(lines.join('\n')).not.toMatch(/[{}"]/);
  });

  it('reads a status change by its labels', () => {
    expect(
      describeChange(change('status-changed', { status: { from: 'new', to: 'ready' } }), orderChangeFormatter)
        .lines,
    ).toEqual(['Status changed from New to Ready for pickup']);
  });

  it('tells that a tag moved to another job instead of naming the field', () => {
    const description = describeChange(
      change('tracking-stopped', {
        epc: { from: 'E2801160600002', to: null },
        epcReassignedTo: { from: null, to: 'ORD-00061' },
      }),
      orderChangeFormatter,
    );
    expect(description.headline).toBe('Tag moved to another job');
    expect(description.lines).toEqual([
      'Tag E2801160600002 moved to ORD-00061; the location history stays here',
    ]);
  });

  it('words tag, offsite and photo events', () => {
    const lines = (action: TItemChange['action'], changes: TItemChange['changes']) =>
      describeChange(change(action, changes), orderChangeFormatter).lines;
    expect(lines('epc-assigned', { epc: { from: null, to: 'E1' } })).toEqual([
      'Tag E1 assigned; the piece is tracked from now on',
    ]);
    expect(lines('epc-assigned', { epc: { from: 'E1', to: 'E2' } })).toEqual(['Tag changed from E1 to E2']);
    expect(lines('expected-offsite-changed', { expectedOffsite: { from: false, to: true } })).toEqual([
      'Marked as expected offsite (out at a vendor on purpose)',
    ]);
    expect(lines('offsite-detected', { status: { from: 'active', to: 'offsite' } })).toEqual([
      'Not seen in the workshop for too long: marked offsite',
    ]);
    expect(lines('photo-added', { photos: { from: null, to: ['a.jpg', 'b.jpg'] } })).toEqual([
      'Added a.jpg, b.jpg',
    ]);
  });

  it('words the design approval loop (issue 17 §3)', () => {
    const words = (action: TItemChange['action'], changes: TItemChange['changes']) =>
      describeChange(change(action, changes), orderChangeFormatter);
    expect(words('design-sent-for-approval', { revision: { from: null, to: 2 } })).toEqual({
      headline: 'Design sent for approval',
      lines: ['Revision 2 sent to the customer'],
    });
    expect(words('design-approved', { revision: { from: null, to: 2 } }).lines).toEqual([
      'The customer approved revision 2',
    ]);
    expect(
      words('design-changes-requested', {
        revision: { from: null, to: 1 },
        comment: { from: null, to: 'Thinner band' },
      }).lines,
    ).toEqual(['The customer asked for changes to revision 1: “Thinner band”']);
    // Issue 35 §7: the name the customer typed to confirm goes with the answer.
    expect(
      words('design-approved', {
        revision: { from: null, to: 3 },
        confirmedBy: { from: null, to: 'Grace Hopper' },
      }).lines,
    ).toEqual(['The customer approved revision 3 (confirmed by Grace Hopper)']);
    expect(
      words('design-changes-requested', {
        revision: { from: null, to: 1 },
        confirmedBy: { from: null, to: 'Grace Hopper' },
        comment: { from: null, to: 'Thinner band' },
      }).lines,
    ).toEqual(['The customer asked for changes to revision 1 (confirmed by Grace Hopper): “Thinner band”']);
  });
});
