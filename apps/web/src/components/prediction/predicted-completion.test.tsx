import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PredictedCompletion, predictionText } from './predicted-completion';

const PREDICTION: TPredictedCompletion = {
  earliest: '2026-10-10T10:00:00',
  likely: '2026-10-12T10:00:00',
  latest: '2026-10-15T16:00:00',
  remainingPhases: 3,
};

describe('PredictedCompletion', () => {
  it('gives the likely day with its interval', () => {
    expect(predictionText(PREDICTION)).toBe('Likely Oct 12 (Oct 10 – Oct 15)');
    expect(predictionText({ ...PREDICTION, earliest: PREDICTION.likely, latest: PREDICTION.likely })).toBe(
      'Likely Oct 12 (Oct 12)',
    );
  });

  it('says when, never whether that is at risk: the job state says that', () => {
    render(<PredictedCompletion prediction={PREDICTION} />);
    expect(screen.getByText('Likely Oct 12 (Oct 10 – Oct 15)')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/late|risk/i);
  });
});
