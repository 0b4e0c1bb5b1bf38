import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusTimeline } from './status-timeline.tsx';

const STEPS = [
  { status: 'DRAFTED' as const, action: 'create', at: '2026-11-20T09:00:00Z', by: { id: 'u-1', name: 'Mira Maker' }, reason: null },
  { status: 'INITIATED' as const, action: 'initiate', at: '2026-11-20T09:05:30Z', by: null, reason: null },
  { status: 'CANCELLED' as const, action: 'cancel', at: '2026-11-21T11:05:30Z', by: { id: 'u-2', name: 'Carl Checker' }, reason: 'Duplicate invoice' },
];

describe('StatusTimeline', () => {
  it('shows each step with its status colour, time and the duration since the step before', () => {
    render(<StatusTimeline steps={STEPS} formatTime={(iso) => iso.slice(11, 19)} />);
    const steps = screen.getAllByTestId('status-timeline-step');
    expect(steps.map((s) => s.dataset.status)).toEqual(['DRAFTED', 'INITIATED', 'CANCELLED']);
    expect(steps[0]?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('gray');
    expect(steps[1]?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('yellow');
    expect(screen.getAllByTestId('status-timeline-duration').map((d) => d.textContent)).toEqual(['after 5 min 30 sec', 'after 1 day 2 hr']);
    expect(steps[2]?.textContent).toContain('11:05:30');
  });

  it('opens a step’s details (who and why) only when it has any', () => {
    render(<StatusTimeline steps={STEPS} formatTime={(iso) => iso} />);
    const toggles = screen.getAllByTestId('status-timeline-toggle');
    expect(toggles).toHaveLength(2);
    fireEvent.click(toggles[1] as HTMLElement);
    const details = screen.getByTestId('status-timeline-details');
    expect(details.textContent).toContain('Carl Checker');
    expect(details.textContent).toContain('Duplicate invoice');
  });

  it('says so when there are no steps', () => {
    render(<StatusTimeline steps={[]} formatTime={(iso) => iso} />);
    expect(screen.getByTestId('status-timeline-empty')).toBeTruthy();
  });

  it('takes another list’s tag and each step’s own colour, and leaves out an empty action', () => {
    const steps = [{ status: 'SOURCE_APPROVED', action: '', at: '2026-11-20T09:00:00Z', by: { id: 'Sam', name: 'Sam' }, reason: null, tone: 'green' as const }];
    render(<StatusTimeline steps={steps} formatTime={(iso) => iso} renderTag={(step) => <span data-testid="own-tag">{step.status}</span>} />);
    const step = screen.getByTestId('status-timeline-step');
    expect(screen.getByTestId('own-tag').textContent).toBe('SOURCE_APPROVED');
    expect(step.querySelector('.bg-emerald-600')).toBeTruthy();
    fireEvent.click(screen.getByTestId('status-timeline-toggle'));
    expect(screen.getByTestId('status-timeline-details').textContent).toBe('BySam');
  });
});
