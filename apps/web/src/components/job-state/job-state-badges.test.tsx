import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJobState } from '@/test/factories';
import { JobStateBadges, offsiteDurationText } from './job-state-badges';

function shown(container: HTMLElement): (string | null)[] {
  return [...container.querySelectorAll('[data-job-state]')].map((badge) =>
    badge.getAttribute('data-job-state'),
  );
}

describe('JobStateBadges', () => {
  it('shows every flag the state raises, most pressing first, in the job views’ words', () => {
    const { container } = render(
      <JobStateBadges
        state={makeJobState({
          isRush: true,
          isOverdue: true,
          daysOverdue: 1,
          due: 'overdue',
          isOverPhaseTarget: true,
          isOffsite: true,
          offsiteSince: '2026-11-27T18:00:00.000Z',
        })}
        now={new Date('2026-11-28T08:30:00.000Z')}
      />,
    );
    expect(shown(container)).toEqual(['rush', 'overdue', 'over-phase-target', 'offsite']);
    expect(container).toHaveTextContent(/^Rush.*Overdue1 day:.*Over phase target:.*Offsite14 h 30 min:/);
    expect(container).not.toHaveTextContent(/\blate\b/i);
  });

  it('is never colour alone: an icon and a word, with its meaning read out', () => {
    render(<JobStateBadges state={makeJobState({ isAtRisk: true })} />);
    const badge = screen.getByText('At risk');
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(badge).toHaveAttribute(
      'title',
      'At risk: In work and predicted to finish after its promised date',
    );
    expect(screen.getByText(': in work and predicted to finish after its promised date')).toHaveClass(
      'sr-only',
    );
  });

  it('shows nothing for a job on track or finished, and leaves Rush out where the place marks it already', () => {
    const onTrack = render(<JobStateBadges state={makeJobState()} />);
    expect(onTrack.container).toBeEmptyDOMElement();
    const finished = render(<JobStateBadges state={null} />);
    expect(finished.container).toBeEmptyDOMElement();
    const rushOnly = render(<JobStateBadges state={makeJobState({ isRush: true })} withRush={false} />);
    expect(rushOnly.container).toBeEmptyDOMElement();
  });

  it('counts offsite from when the piece was last seen', () => {
    const now = new Date('2026-11-28T08:30:00.000Z');
    expect(offsiteDurationText({ offsiteSince: '2026-11-27T18:30:00.000Z' }, now)).toBe('14 h');
    expect(offsiteDurationText({ offsiteSince: null }, now)).toBeNull();
  });
});
