import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, Upload } from 'lucide-react';
import { ApiError, newIdempotencyKey } from '@corridor/api';
import { formatTimestamp } from '@corridor/domain';
import type { ViewedDocument } from '@/components/document-viewer/document-viewer.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import type { ProfileDocument } from './use-profiles.ts';

// The viewer (frame, image, download) loads when a document is first opened: the profile route stays small.
const DocumentViewer = lazy(() => import('@/components/document-viewer/document-viewer.tsx'));

const DOCUMENT_TYPES = ['TRADE_LICENCE', 'INCORPORATION', 'SIGNATORY_ID', 'PROOF_OF_ADDRESS', 'BANK_STATEMENT', 'OTHER'] as const;

/** The upload's refusal as the server gave it: its message and each field it names. */
interface UploadRefusal {
  message: string;
  fields: Array<{ parameter: string; message: string }>;
}

function UploadForm({ profileId, onUploaded }: { profileId: string; onUploaded: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [documentType, setDocumentType] = useState<string>('OTHER');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    try {
      // The file first (streamed to storage, its size checked there), then the document naming it.
      const stored = await api.call<'files.upload'>('files.upload', {
        query: { category: 'KYC', for: profileId },
        body: { file },
        idempotencyKey: newIdempotencyKey(),
      });
      await api.call<'merchantProfiles.addDocument'>('merchantProfiles.addDocument', {
        path: { merchantProfileID: profileId },
        body: { fileId: stored.id, name: name.trim() || file.name, documentType },
        idempotencyKey: newIdempotencyKey(),
      });
      notify({ type: 'success', i18nMessage: 'profileManagement.documents.uploaded' });
      setFile(null);
      setName('');
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (error) {
      setRefusal(
        error instanceof ApiError
          ? { message: error.message, fields: error.invalidParameters }
          : { message: t('profileManagement.documents.uploadFailed'), fields: [] },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="grid gap-3 md:grid-cols-[2fr_2fr_1.5fr_auto] md:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        void upload();
      }}
      data-testid="document-upload"
    >
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="document-file">{t('profileManagement.documents.file')}</Label>
        <Input
          ref={input}
          id="document-file"
          type="file"
          accept=".pdf,.png,.jpg,.jpeg,.gif,application/pdf,image/png,image/jpeg,image/gif"
          data-testid="document-file"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setRefusal(null);
          }}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="document-name">{t('profileManagement.documents.name')}</Label>
        <Input id="document-name" value={name} maxLength={140} onChange={(e) => setName(e.target.value)} data-testid="document-name" />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="document-type">{t('profileManagement.documents.type')}</Label>
        <NativeSelect
          id="document-type"
          value={documentType}
          onChange={(e) => setDocumentType(e.target.value)}
          choices={DOCUMENT_TYPES.map((v) => ({ value: v, label: t(`profileManagement.documentTypes.${v}`) }))}
        />
      </div>
      <Button type="submit" disabled={!file || busy} data-testid="document-upload-send">
        <Upload aria-hidden />
        {t('profileManagement.documents.upload')}
      </Button>
      {refusal && (
        <div className="rounded-md border border-destructive/50 p-3 text-sm md:col-span-4" role="alert" data-testid="document-upload-refused">
          <p className="font-medium text-destructive">{t('profileManagement.documents.refused', { message: refusal.message })}</p>
          {refusal.fields.length > 0 && (
            <ul className="mt-1 list-disc ps-5">
              {refusal.fields.map((f) => (
                <li key={f.parameter}>
                  <span dir="ltr" className="font-mono">
                    {f.parameter}
                  </span>
                  : {f.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

/** The profile's documents: each opens in the document viewer; a new one is uploaded (online only). */
export function DocumentsSection({
  profileId,
  documents,
  online,
  onUploaded,
}: {
  profileId: string;
  documents: readonly ProfileDocument[];
  online: boolean;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<ViewedDocument | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex flex-col gap-3">
          <h2 className="text-base font-semibold">{t('profileManagement.documents.title')}</h2>
          {documents.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('profileManagement.documents.empty')}</p>
          ) : (
            <ul className="divide-y" data-testid="document-list">
              {documents.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="document-row" data-extension={doc.fileExtension}>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words">{doc.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {t(`profileManagement.documentTypes.${doc.documentType}`, { defaultValue: doc.documentType })} · {doc.fileExtension.toUpperCase()} ·{' '}
                      {doc.uploadedBy} · {formatTimestamp(doc.lastUpdated)}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!online}
                    onClick={() => setViewing(doc)}
                    aria-label={t('profileManagement.documents.viewNamed', { name: doc.name })}
                    data-testid="document-view"
                  >
                    <Eye aria-hidden />
                    {t('profileManagement.documents.view')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {online && (
        <Card>
          <CardContent className="flex flex-col gap-3">
            <h2 className="text-base font-semibold">{t('profileManagement.documents.uploadTitle')}</h2>
            <UploadForm profileId={profileId} onUploaded={onUploaded} />
          </CardContent>
        </Card>
      )}
      {viewing && (
        <Suspense fallback={null}>
          <DocumentViewer doc={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </div>
  );
}
