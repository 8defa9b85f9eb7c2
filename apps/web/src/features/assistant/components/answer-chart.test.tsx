import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { giveChartsASize } from '@/components/chart/chart-test-size';
import { AnswerChart } from './answer-chart';

const CHART = {
  title: 'Open jobs per department',
  bars: [
    { label: 'Casting', value: 7 },
    { label: 'Setting', value: 3 },
  ],
};

describe('AnswerChart', { timeout: 20_000 }, () => {
  giveChartsASize();

  it('draws a bar per label with its figure, and lists the same figures for screen readers', async () => {
    const { container } = render(<AnswerChart chart={CHART} />);
    const figure = screen.getByRole('figure');
    expect(within(figure).getByText('Open jobs per department', { selector: 'figcaption' })).toBeVisible();
    const list = within(figure).getByRole('list', { name: 'Open jobs per department' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Casting: 7', 'Setting: 3']);
    await waitFor(() => expect(container.querySelectorAll('.recharts-label-list text')).toHaveLength(2));
    const figures = Array.from(container.querySelectorAll('.recharts-label-list text')).map(
      (text) => text.textContent,
    );
    expect(figures).toEqual(['7', '3']);
  });
});
