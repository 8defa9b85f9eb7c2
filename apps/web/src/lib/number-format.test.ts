import { describe, expect, it } from 'vitest';
import type { TWorkshopFormat } from './date-format';
import {
  amountInputValue,
  formatCents,
  formatCount,
  formatDecimal,
  formatFileSize,
  formatPercent,
  formatWeight,
} from './number-format';

const US: TWorkshopFormat = { locale: 'en-US', timeZone: 'America/New_York' };
const GB: TWorkshopFormat = { locale: 'en-GB', timeZone: 'America/New_York' };
const FR: TWorkshopFormat = { locale: 'fr-FR', timeZone: 'America/New_York' };
const DE: TWorkshopFormat = { locale: 'de-DE', timeZone: 'America/New_York' };

// French groups with a narrow no-break space and puts a no-break space before '%' and '$': spelt out so the test says so.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe("figures in the workshop's locale (issue 35 §5)", () => {
  it('groups counts the way each locale does', () => {
    expect(formatCount(1234567, US)).toBe('1,234,567');
    expect(formatCount(1234567, GB)).toBe('1,234,567');
    expect(formatCount(1234567, DE)).toBe('1.234.567');
    expect(formatCount(1234567, FR)).toBe(`1${NNBSP}234${NNBSP}567`);
    expect(formatCount(2.6, US)).toBe('3');
  });

  it('writes decimals and weights with the decimal mark of the locale', () => {
    expect(formatDecimal(1234.5, {}, US)).toBe('1,234.5');
    expect(formatDecimal(1234.5, {}, DE)).toBe('1.234,5');
    expect(formatDecimal(2, { digits: 1, isFixed: true }, US)).toBe('2.0');
    expect(formatDecimal(-0.04, { digits: 1, isSigned: true }, US)).toBe('0');
    expect(formatDecimal(1.25, { digits: 1, isSigned: true }, US)).toBe('+1.3');
    expect(formatWeight(3.456, 'g', US)).toBe('3.46 g');
    expect(formatWeight(3.456, 'g', DE)).toBe('3,46 g');
    expect(formatWeight(0.5, 'ct', US)).toBe('0.50 ct');
    expect(formatWeight(0.5, 'ct', FR)).toBe('0,50 ct');
  });

  it('writes money in US dollars, laid out the way the locale does', () => {
    expect(formatCents(125000, US)).toBe('$1,250.00');
    expect(formatCents(125000, GB)).toBe('US$1,250.00');
    expect(formatCents(125000, DE)).toBe(`1.250,00${NBSP}$`);
    expect(formatCents(125050, FR)).toBe(`1${NNBSP}250,50${NBSP}$US`);
  });

  it('writes percentages from fractions, signed for a change', () => {
    expect(formatPercent(0.875, {}, US)).toBe('88%');
    expect(formatPercent(0.875, { digits: 1 }, US)).toBe('87.5%');
    expect(formatPercent(0.875, {}, DE)).toBe(`88${NBSP}%`);
    expect(formatPercent(0.875, {}, FR)).toBe(`88${NBSP}%`);
    expect(formatPercent(0.12, { isSigned: true }, US)).toBe('+12%');
    expect(formatPercent(-0.03, { isSigned: true }, US)).toBe('-3%');
    expect(formatPercent(0, { isSigned: true }, US)).toBe('0%');
  });

  it('writes file sizes, never 0 KB for a file that has bytes', () => {
    expect(formatFileSize(2_516_582, US)).toBe('2.4 MB');
    expect(formatFileSize(2_516_582, DE)).toBe('2,4 MB');
    expect(formatFileSize(2_048, US)).toBe('2 KB');
    expect(formatFileSize(10, US)).toBe('1 KB');
  });

  it('keeps an amount input machine-readable whatever the locale', () => {
    expect(amountInputValue(125000)).toBe('1250.00');
    expect(amountInputValue(0)).toBe('');
    expect(amountInputValue(null)).toBe('');
  });
});
