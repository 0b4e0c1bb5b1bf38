import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { answers, answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { DocumentsSection } from './documents-section.tsx';
import type { ProfileDocument } from './use-profiles.ts';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const doc = (id: string, name: string, fileExtension: string): ProfileDocument => ({
  id,
  merchantProfileId: 'p-1',
  name,
  documentType: 'TRADE_LICENCE',
  fileExtension,
  fileId: `f-${id}`,
  uploadedBy: 'Karim Nasser',
  lastUpdated: '2026-11-29T10:00:00Z',
  url: `/files/${id}.${fileExtension}`,
});
const documents = [doc('d-1', 'Trade licence', 'pdf'), doc('d-2', 'Signatory ID card', 'png')];

const made: Blob[] = [];
const { createObjectURL, revokeObjectURL } = URL;
beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => {
    made.push(blob);
    return `blob:test/${made.length}`;
  };
  URL.revokeObjectURL = () => {};
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});
beforeEach(() => {
  resetScriptedApi();
  made.length = 0;
});

describe('profile documents', () => {
  it('opens a PDF in a frame and an image as an image, from the downloaded bytes typed by the viewer', async () => {
    answersById.set('files.download', () => Promise.resolve(new Uint8Array([0x25, 0x50, 0x44, 0x46])));
    render(<DocumentsSection profileId="p-1" documents={documents} online onUploaded={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'View Trade licence' }));
    const frame = await screen.findByTestId('document-viewer-pdf');
    expect(frame.getAttribute('src')).toBe('blob:test/1');
    expect(made[0]?.type).toBe('application/pdf');
    expect(sent.find((c) => c.id === 'files.download')).toMatchObject({ path: { filename: 'd-1.pdf' } });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('document-viewer')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'View Signatory ID card' }));
    const image = await screen.findByTestId('document-viewer-image');
    expect(image.getAttribute('alt')).toBe('Signatory ID card');
    expect(made[1]?.type).toBe('image/png');
  });

  it('uploads the file, then attaches it; a refusal is shown with the field it names and nothing is listed', async () => {
    const onUploaded = vi.fn();
    answers.push(() => Promise.resolve({ id: 'file-9' }));
    answers.push(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'The request is not valid',
          invalidParameters: [{ parameter: 'fileId', message: 'a profile document is a PDF or an image' }],
        }),
      ),
    );
    render(<DocumentsSection profileId="p-1" documents={documents} online onUploaded={onUploaded} />);
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('document-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('document-upload-send'));
    const refused = await screen.findByTestId('document-upload-refused');
    expect(refused.textContent).toContain('The server refused the upload: The request is not valid');
    expect(refused.textContent).toContain('fileId: a profile document is a PDF or an image');
    expect(sent.map((c) => c.id)).toEqual(['files.upload', 'merchantProfiles.addDocument']);
    expect(sent[0]).toMatchObject({ query: { category: 'KYC', for: 'p-1' } });
    expect(sent[1]).toMatchObject({ body: { fileId: 'file-9', name: 'notes.txt', documentType: 'OTHER' } });
    expect(sent[1]?.idempotencyKey).toBeTruthy();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('offline: documents stay listed, but viewing and uploading need the network', () => {
    render(<DocumentsSection profileId="p-1" documents={documents} online={false} onUploaded={() => {}} />);
    expect(screen.getAllByTestId('document-row')).toHaveLength(2);
    for (const button of screen.getAllByTestId('document-view')) expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('document-upload')).toBeNull();
  });
});
