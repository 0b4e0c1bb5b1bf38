import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Trash2, UserPlus } from 'lucide-react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { ProfileFormDialog, type ProfileBody } from '@/components/profile-form-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { api } from '@/lib/api-client.ts';
import { AssignFeeProfileDialog } from './assign-fee-profile-dialog.tsx';
import { notify } from '@/lib/notifications.ts';

interface FeeProfile {
  id: string;
  name: string;
  description: string | null;
  enabled: boolean;
}

/**
 * The TSP's fee profiles (pricing models): rules of a profile apply to the merchants assigned to it.
 * Created, renamed, disabled and deleted here; the server refuses to delete a profile that still has
 * rules or merchants, and the dialog says so.
 */
export function FeeProfilesPanel({ profiles, onSaved }: { profiles: readonly FeeProfile[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<FeeProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeeProfile | null>(null);
  const [assigning, setAssigning] = useState<FeeProfile | null>(null);
  const save = async (body: ProfileBody) => {
    if (editing === 'new') {
      await api.call<'pricing.createFeeProfile'>('pricing.createFeeProfile', { body });
      notify({ type: 'success', i18nMessage: 'pricing.profiles.created' });
    } else if (editing) {
      await api.call<'pricing.updateFeeProfile'>('pricing.updateFeeProfile', { path: { id: editing.id }, body });
      notify({ type: 'success', i18nMessage: 'pricing.profiles.saved' });
    }
    onSaved();
  };
  const remove = async (profile: FeeProfile) => {
    await api.call<'pricing.deleteFeeProfile'>('pricing.deleteFeeProfile', { path: { id: profile.id } });
    notify({ type: 'success', i18nMessage: 'pricing.profiles.deleted' });
    onSaved();
  };
  return (
    <section className="grid gap-3 rounded-lg border p-4" data-testid="fee-profiles">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-sm font-semibold">{t('pricing.profiles.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('pricing.profiles.description')}</p>
        </div>
        <Button variant="outline" size="sm" data-testid="fee-profile-new" onClick={() => setEditing('new')}>
          <Plus aria-hidden />
          {t('pricing.profiles.new')}
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {profiles.map((p) => (
          <li key={p.id} title={p.description ?? undefined} className="flex items-center gap-0.5 rounded-md border ps-1" data-testid="fee-profile-item">
            <Badge variant={p.enabled ? 'secondary' : 'outline'}>{p.name}</Badge>
            <Button variant="ghost" size="icon" className="size-7" aria-label={t('pricing.profiles.edit', { name: p.name })} onClick={() => setEditing(p)}>
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={t('pricing.profiles.assign.action', { name: p.name })}
              title={t('pricing.profiles.assign.action', { name: p.name })}
              data-testid="fee-profile-assign"
              disabled={!p.enabled}
              onClick={() => setAssigning(p)}
            >
              <UserPlus aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" className="size-7" aria-label={t('pricing.profiles.delete', { name: p.name })} onClick={() => setDeleting(p)}>
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {editing && (
        <ProfileFormDialog
          title={editing === 'new' ? t('pricing.profiles.new') : t('pricing.profiles.editTitle')}
          description={t('pricing.profiles.description')}
          initial={editing === 'new' ? undefined : editing}
          testIdPrefix="fee-profile"
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {assigning && <AssignFeeProfileDialog profile={assigning} onAssigned={onSaved} onClose={() => setAssigning(null)} />}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('pricing.profiles.deleteTitle')}
          subject={deleting.name}
          onDelete={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
