import { describe, expect, it } from 'vitest';
import { jobTicketQrValue } from './job-ticket-qr';

describe('jobTicketQrValue', () => {
  it('holds the number and the EPC as compact JSON', () => {
    expect(jobTicketQrValue('ORD-00042', 'E2801160')).toBe('{"n":"ORD-00042","epc":"E2801160"}');
  });

  it('holds the number alone while no tag is assigned', () => {
    expect(JSON.parse(jobTicketQrValue('REP-00007', null))).toEqual({ n: 'REP-00007' });
  });
});
