import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Notifier } from '@/components/notifier.tsx';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog.tsx';
import { dismissNotification, getNotifications } from './notifications.ts';
import { notifyUpdateAvailable } from './update-notification.ts';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel="Close" aria-describedby={undefined}>
          <DialogTitle>Block wallet</DialogTitle>
          <input aria-label="Reason" />
        </DialogContent>
      </Dialog>
      <Notifier />
    </>
  );
}

const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
const prompt = () => screen.queryByText('A new version of Corridor is ready.');

describe('Escape with the update prompt shown (spec 1, dialogs)', () => {
  afterEach(() => {
    for (const item of getNotifications()) dismissNotification(item.id);
  });

  it('closes a dialog opened after the prompt, and the prompt stays', () => {
    render(<Page />);
    act(() => void notifyUpdateAvailable(() => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(prompt()).not.toBeNull();
  });

  it('closes a dialog that was open when the prompt arrived, and the prompt stays', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    act(() => void notifyUpdateAvailable(() => {}));
    expect(prompt()).not.toBeNull();
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(prompt()).not.toBeNull();
  });

  it('leaves the prompt up on Escape with no dialog open: only its buttons close it', () => {
    render(<Page />);
    act(() => void notifyUpdateAvailable(() => {}));
    escape();
    expect(prompt()).not.toBeNull();
  });
});
