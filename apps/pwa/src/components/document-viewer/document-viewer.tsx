import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { api } from '@/lib/api-client.ts';
import { buttonVariants } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { IMAGE_LOAD_MS, documentKindOf, viewerTypeOf } from './document-kind.ts';

/** A document as the viewer needs it (spec 1 section 3, document): its name, extension and file path. */
export interface ViewedDocument {
  name: string;
  fileExtension: string;
  /** The file's path on the documents root, `/files/{filename}`. */
  url: string;
}

type Content = { state: 'loading' } | { state: 'ready'; href: string; type: string } | { state: 'failed' };

/** The `{filename}` of a document's `/files/{filename}` path. */
function fileNameOf(url: string): string {
  return decodeURIComponent(url.replace(/^.*\/files\//, ''));
}

/** The file's bytes through the files call, as a blob URL of the viewer's own type; revoked when the document closes. */
function useDocumentContent(doc: ViewedDocument): Content {
  const [content, setContent] = useState<Content>({ state: 'loading' });
  useEffect(() => {
    let href: string | undefined;
    let live = true;
    setContent({ state: 'loading' });
    api
      .call<'files.download'>('files.download', { path: { filename: fileNameOf(doc.url) } })
      .then((bytes) => {
        if (!live) return;
        const type = viewerTypeOf(doc.fileExtension) ?? 'application/octet-stream';
        href = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
        setContent({ state: 'ready', href, type });
      })
      .catch(() => {
        if (live) setContent({ state: 'failed' });
      });
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [doc.url, doc.fileExtension]);
  return content;
}

/** An image, with spec 1's load timer: one not shown within it is said to have failed, with its download left. */
function ImageView({ href, name }: { href: string; name: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), IMAGE_LOAD_MS);
    return () => clearTimeout(timer);
  }, [href]);
  return (
    <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto rounded-md bg-muted/40 p-2">
      {late && !loaded && (
        <p className="text-sm text-muted-foreground" role="status">
          {t('documentViewer.imageFailed')}
        </p>
      )}
      <img src={href} alt={name} data-testid="document-viewer-image" className="max-h-full max-w-full object-contain" onLoad={() => setLoaded(true)} />
    </div>
  );
}

/**
 * The document viewer (spec 1 layout: a modal 90 % of the window's width): a PDF in a frame, an image as an
 * image, anything else as a download. Loaded on demand, so the screens that open it stay small.
 */
export default function DocumentViewer({ doc, onClose }: { doc: ViewedDocument; onClose: () => void }) {
  const { t } = useTranslation();
  const content = useDocumentContent(doc);
  const kind = documentKindOf(doc.fileExtension);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t('documentViewer.close')}
        className="flex h-[90dvh] w-[90vw] max-w-[90vw] flex-col sm:max-w-[90vw]"
        data-testid="document-viewer"
        data-kind={kind}
      >
        <DialogHeader className="pe-8">
          <DialogTitle className="truncate">{doc.name}</DialogTitle>
          <DialogDescription>{t(`documentViewer.kind.${kind}`)}</DialogDescription>
        </DialogHeader>
        {content.state === 'loading' && (
          <p className="text-sm text-muted-foreground" role="status">
            {t('documentViewer.loading')}
          </p>
        )}
        {content.state === 'failed' && (
          <p className="text-sm text-destructive" role="alert" data-testid="document-viewer-failed">
            {t('documentViewer.failed')}
          </p>
        )}
        {content.state === 'ready' && kind === 'pdf' && (
          <iframe
            src={content.href}
            title={doc.name}
            data-testid="document-viewer-pdf"
            data-type={content.type}
            className="min-h-0 w-full flex-1 rounded-md border"
          />
        )}
        {content.state === 'ready' && kind === 'image' && <ImageView href={content.href} name={doc.name} />}
        {content.state === 'ready' && (
          <a
            href={content.href}
            download={`${doc.name}.${doc.fileExtension}`}
            className={buttonVariants({ variant: 'outline', className: 'self-start' })}
            data-testid="document-viewer-download"
          >
            <Download aria-hidden />
            {t('documentViewer.download')}
          </a>
        )}
      </DialogContent>
    </Dialog>
  );
}
