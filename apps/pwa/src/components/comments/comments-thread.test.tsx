import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { canSaveEdit } from './comment-form.ts';
import { CommentsThread, type CommentsThreadProps } from './comments-thread.tsx';

const COMMENTS = [
  { id: 'c-1', content: 'Please attach the invoice.', createdAt: '2026-11-20T09:00:00Z', createdBy: { id: 'u-tsp', name: 'Rana Checker' } },
  { id: 'c-2', content: 'Attached, thanks.', createdAt: '2026-11-20T09:30:00Z', createdBy: { id: 'u-1', name: 'Grace Hopper' } },
];

function renderThread(overrides: Partial<CommentsThreadProps> = {}) {
  const props: CommentsThreadProps = {
    comments: COMMENTS,
    currentUserId: 'u-1',
    timeZone: 'UTC',
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    ...overrides,
  };
  render(<CommentsThread {...props} />);
  return props;
}

describe('comments thread (spec 1 section 5)', () => {
  it('without calls shows the comments read only: no box, no edit or delete even on one’s own', () => {
    render(<CommentsThread comments={COMMENTS} currentUserId="u-1" timeZone="UTC" />);
    expect(screen.getAllByTestId('comment')).toHaveLength(2);
    expect(screen.getByTestId('comment-you')).toBeTruthy();
    expect(screen.queryByTestId('comment-input')).toBeNull();
    expect(screen.queryByTestId('comment-edit')).toBeNull();
    expect(screen.queryByTestId('comment-delete')).toBeNull();
  });

  it("marks only the creator's comment '(You)' and offers edit and delete on it alone", () => {
    renderThread();
    const [theirs, mine] = screen.getAllByTestId('comment');
    expect(within(theirs!).queryByTestId('comment-you')).toBeNull();
    expect(within(theirs!).queryByTestId('comment-edit')).toBeNull();
    expect(within(theirs!).queryByTestId('comment-delete')).toBeNull();
    expect(within(mine!).getByTestId('comment-you').textContent).toBe('(You)');
    // Spec 9: a comment's time reads "MMM d, y, h:mm:ss".
    expect(within(mine!).getByRole('time').textContent).toBe('Nov 20, 2026, 9:30:00');
    expect(within(mine!).getByRole('button', { name: 'Edit the comment of Nov 20, 2026, 9:30:00' })).toBeTruthy();
  });

  it('keeps Send disabled while the comment is empty or blank, then sends it trimmed and clears the box', async () => {
    const props = renderThread();
    const send = screen.getByTestId('comment-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '  Value date moved to Monday ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(props.onAdd).toHaveBeenCalledWith('Value date moved to Monday'));
    await waitFor(() => expect((screen.getByTestId('comment-input') as HTMLTextAreaElement).value).toBe(''));
  });

  it('saves an edit only when the form is valid and changed', async () => {
    const props = renderThread();
    fireEvent.click(screen.getByTestId('comment-edit'));
    const input = screen.getByTestId('comment-edit-input');
    const save = screen.getByTestId('comment-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Attached, thanks.  ' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '' } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Attached both pages, thanks.' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(props.onEdit).toHaveBeenCalledWith('c-2', 'Attached both pages, thanks.'));
    await waitFor(() => expect(screen.queryByTestId('comment-edit-input')).toBeNull());
  });

  it('deletes the own comment through the callback, and cancelling an edit sends nothing', () => {
    const props = renderThread();
    fireEvent.click(screen.getByTestId('comment-edit'));
    fireEvent.click(screen.getByTestId('comment-edit-cancel'));
    expect(props.onEdit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('comment-delete'));
    expect(props.onDelete).toHaveBeenCalledWith('c-2');
  });

  it('says when there are no comments yet', () => {
    renderThread({ comments: [] });
    expect(screen.getByText('No comments yet.')).toBeTruthy();
  });
});

describe('canSaveEdit', () => {
  it('needs a non-blank content that differs from the original once trimmed', () => {
    expect(canSaveEdit('a', 'a ')).toBe(false);
    expect(canSaveEdit('a', '  ')).toBe(false);
    expect(canSaveEdit('a', 'b')).toBe(true);
  });
});
