import { describe, expect, it } from 'vitest';
import { noticeTarget } from './notice-target';

const REPAIR = '/repairs/7b0c3f2e-1111-4222-8333-944455556666';

describe('noticeTarget', () => {
  it("opens the notice's own link when the role may open it", () => {
    expect(noticeTarget({ role: 'production' }, { kind: 'assignment', link: REPAIR })).toBe(REPAIR);
    expect(noticeTarget({ role: 'qa' }, { kind: 'assignment', link: '/orders/1?tab=history' })).toBe(
      '/orders/1?tab=history',
    );
  });

  it('leads to the list a notice belongs to when its job is not for the role', () => {
    expect(noticeTarget({ role: 'qa' }, { kind: 'assignment', link: REPAIR })).toBe('/my-tasks');
    expect(noticeTarget({ role: 'designer' }, { kind: 'alert', link: REPAIR })).toBe('/alerts');
    expect(noticeTarget({ role: 'designer' }, { kind: 'alert', link: '/rfid-mapping' })).toBe('/alerts');
  });

  it('leads nowhere when neither the link nor its list is for the role, or there is no link', () => {
    expect(noticeTarget({ role: 'qa' }, { kind: 'alert', link: REPAIR })).toBeNull();
    expect(noticeTarget({ role: 'qa' }, { kind: 'mention', link: REPAIR })).toBeNull();
    expect(noticeTarget({ role: 'admin' }, { kind: 'alert', link: null })).toBeNull();
    expect(noticeTarget(null, { kind: 'assignment', link: '/orders/1' })).toBeNull();
  });
});
