import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Pencil, Send, Trash2 } from 'lucide-react';
import { formatCommentDate } from '@corridor/domain';
import { FormField, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { canSaveEdit, commentSchema, type CommentValues } from './comment-form.ts';

/** A comment (spec 1 section 3): id, content, createdAt, createdBy (id, name). */
interface CommentView {
  id: string;
  content: string;
  createdAt: string;
  createdBy: { id: string; name: string };
}

export interface CommentsThreadProps {
  comments: CommentView[];
  /** The signed-in user: only the creator of a comment may edit or delete it. */
  currentUserId: string;
  busy?: boolean;
  timeZone?: string;
  /** The calls; without them the thread is read only (a viewer the server gives no comment call). */
  onAdd?: (content: string) => void | Promise<void>;
  onEdit?: (id: string, content: string) => void | Promise<void>;
  onDelete?: (id: string) => void | Promise<void>;
}

/**
 * The comments thread of a transaction (spec 1 sections 2 and 5): the list, oldest first, the
 * creator's own comments marked '(You)' with edit and delete, and a new comment box whose Send stays
 * disabled while it is empty. The calls are the page's; the thread only holds the forms.
 */
export function CommentsThread({ comments, currentUserId, busy = false, timeZone, onAdd, onEdit, onDelete }: CommentsThreadProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="comments-title" className="flex flex-col gap-3" data-testid="comments-thread">
      <h2 id="comments-title" className="text-base font-semibold">
        {t('comments.title')}
      </h2>
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('comments.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {comments.map((comment) => {
            const mine = comment.createdBy.id === currentUserId;
            const editable = mine && onEdit !== undefined && onDelete !== undefined;
            // Spec 9: comments read "MMM d, y, h:mm:ss".
            const time = formatCommentDate(comment.createdAt, timeZone);
            return (
              <li key={comment.id} className="rounded-lg border p-3" data-testid="comment">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-medium">{comment.createdBy.name}</span>
                  {mine && (
                    <span className="text-xs text-muted-foreground" data-testid="comment-you">
                      {t('comments.you')}
                    </span>
                  )}
                  <time className="text-xs text-muted-foreground" dateTime={comment.createdAt}>
                    {time}
                  </time>
                </p>
                {editing === comment.id && onEdit ? (
                  <EditComment
                    comment={comment}
                    busy={busy}
                    onCancel={() => setEditing(null)}
                    onSave={async (content) => {
                      await onEdit(comment.id, content);
                      setEditing(null);
                    }}
                  />
                ) : (
                  <p className="mt-1 whitespace-pre-wrap break-words text-sm">{comment.content}</p>
                )}
                {editable && editing !== comment.id && (
                  <div className="mt-2 flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={t('comments.editButtonLabel', { time })}
                      onClick={() => setEditing(comment.id)}
                      data-testid="comment-edit"
                    >
                      <Pencil className="size-4" aria-hidden />
                      {t('comments.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={t('comments.deleteLabel', { time })}
                      onClick={() => void onDelete?.(comment.id)}
                      data-testid="comment-delete"
                    >
                      <Trash2 className="size-4" aria-hidden />
                      {t('comments.delete')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {onAdd && <NewComment busy={busy} onAdd={onAdd} />}
    </section>
  );
}

function NewComment({ busy, onAdd }: { busy: boolean; onAdd: (content: string) => void | Promise<void> }) {
  const { t } = useTranslation();
  const form = useForm<CommentValues>({ resolver: zodResolver(commentSchema), defaultValues: { content: '' } });
  const empty = form.watch('content').trim() === '';
  const submit = form.handleSubmit(async ({ content }) => {
    await onAdd(content.trim());
    form.reset({ content: '' });
  });
  return (
    <FormProvider {...form}>
      <form noValidate className="flex flex-col gap-2" onSubmit={(e) => void submit(e)}>
        <FormField<CommentValues, 'content'>
          name="content"
          id="comment-new"
          label={t('comments.label')}
          render={(field) => <textarea {...field} rows={3} placeholder={t('comments.placeholder')} className={TEXTAREA_CLASS} data-testid="comment-input" />}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || empty} data-testid="comment-send">
            <Send className="size-4" aria-hidden />
            {t('comments.send')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function EditComment({
  comment,
  busy,
  onCancel,
  onSave,
}: {
  comment: CommentView;
  busy: boolean;
  onCancel: () => void;
  onSave: (content: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<CommentValues>({ resolver: zodResolver(commentSchema), mode: 'onChange', defaultValues: { content: comment.content } });
  const changed = canSaveEdit(comment.content, form.watch('content'));
  const submit = form.handleSubmit(({ content }) => onSave(content.trim()));
  return (
    <FormProvider {...form}>
      <form noValidate className="mt-2 flex flex-col gap-2" onSubmit={(e) => void submit(e)}>
        <FormField<CommentValues, 'content'>
          name="content"
          id={`comment-edit-${comment.id}`}
          label={t('comments.editLabel')}
          render={(field) => <textarea {...field} rows={3} className={TEXTAREA_CLASS} data-testid="comment-edit-input" />}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel} data-testid="comment-edit-cancel">
            {t('comments.cancel')}
          </Button>
          <Button type="submit" disabled={busy || !changed || !form.formState.isValid} data-testid="comment-save">
            {t('comments.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
