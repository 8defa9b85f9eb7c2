import type { TAttachment } from '@loupe/domain/catalog/catalog';
import { CAD_ACCEPT, CAD_MAX_BYTES, cadExtensionOf } from '@loupe/domain/designs/design-files';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { BoxIcon, DownloadIcon, FileUpIcon } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { FileUploadButton, type TUpload, UploadProgress } from '@/components/attachments/file-upload';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { downloadAttachment } from '@/lib/attachments-api/get-attachment';
import { formatFileSize } from '@/lib/number-format';
import { saveBlob } from '@/lib/save-blob';

const MEBIBYTE = 1024 * 1024;

/** Why a file cannot go up as a CAD file, checked before sending it (the server checks its content again). */
export function cadProblem(file: { name: string; size: number }): string | null {
  if (!cadExtensionOf(file.name)) return `${file.name} is not a CAD file: use ${CAD_ACCEPT}.`;
  if (file.size > CAD_MAX_BYTES) return `${file.name} is larger than ${CAD_MAX_BYTES / MEBIBYTE} MB.`;
  return null;
}

/** A revision's CAD models: type and size, a download each, and an upload with a progress bar. */
export function CadFiles(props: {
  files: readonly TAttachment[];
  canAdd: boolean;
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
}) {
  const [upload, setUpload] = useState<TUpload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    for (const file of files) {
      const found = cadProblem(file);
      if (found) {
        setProblem(found);
        continue;
      }
      setUpload({ fileName: file.name, fraction: 0 });
      try {
        await props.onUpload(file, (fraction) => setUpload({ fileName: file.name, fraction }));
      } catch (caught) {
        setProblem(`${file.name}: ${errorMessageOf(caught, ERROR_MESSAGES.generic)}`);
      }
    }
    setUpload(null);
  }

  if (props.files.length === 0 && !props.canAdd) return null;
  return (
    <div className="grid gap-2">
      {props.files.length > 0 ? (
        <ul className="grid gap-1" aria-label="CAD files">
          {props.files.map((file) => (
            <li key={file.id} className="flex items-center gap-2 text-sm">
              <BoxIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="truncate">{file.fileName}</span>
              <span className="text-xs text-muted-foreground">
                {(cadExtensionOf(file.fileName) ?? '').toUpperCase()} · {formatFileSize(file.sizeBytes)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Download ${file.fileName}`}
                onClick={() =>
                  void downloadAttachment(file.id)
                    .then((blob) => saveBlob(blob, file.fileName))
                    .catch((caught: unknown) => setProblem(errorMessageOf(caught, ERROR_MESSAGES.generic)))
                }
              >
                <DownloadIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadProgress upload={upload} />
      {problem ? <p className="text-sm text-destructive">{problem}</p> : null}
      {props.canAdd ? (
        <FileUploadButton
          accept={CAD_ACCEPT}
          inputLabel="CAD files to upload"
          icon={<FileUpIcon aria-hidden="true" />}
          isUploading={upload !== null}
          onFiles={onFiles}
        >
          Add CAD file
        </FileUploadButton>
      ) : null}
    </div>
  );
}
