import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobFacts } from './job-facts';

const PREDICTION: TPredictedCompletion = {
  earliest: '2026-10-10T10:00:00',
  likely: '2026-10-12T10:00:00',
  latest: '2026-10-15T16:00:00',
  remainingPhases: 3,
};

describe('JobFacts', () => {
  it("shows the predicted completion under the promise in a job's details", () => {
    render(
      <JobFacts
        customer={{ name: 'Abigail Foster', phone: null, email: null }}
        promisedDate="2026-10-14"
        prediction={PREDICTION}
        createdLabel="Created"
        createdAt="2026-10-01T10:00:00.000Z"
        updatedAt="2026-10-01T10:00:00.000Z"
      >
        {null}
      </JobFacts>,
    );
    const fact = screen.getByText('Predicted completion').nextElementSibling;
    expect(fact).toHaveTextContent('Likely Oct 12 (Oct 10 – Oct 15)');
  });
});
