import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';

/** A file on its way up: its name and how much of it has gone (0 to 1). */
export type TUpload = { readonly fileName: string; readonly fraction: number };

/** The name and progress bar of the file being uploaded, when there is one. */
export function UploadProgress({ upload }: { readonly upload: TUpload | null }) {
  if (!upload) return null;
  return (
    <div className="grid gap-1">
      <p className="text-sm">Uploading {upload.fileName}…</p>
      <Progress value={Math.round(upload.fraction * 100)} aria-label={`Uploading ${upload.fileName}`} />
    </div>
  );
}

/** A button that opens the file chooser of a hidden multi-file input; disabled while an upload runs. */
export function FileUploadButton({
  accept,
  inputLabel,
  icon,
  children,
  isUploading,
  onFiles,
}: {
  readonly accept: string;
  /** The hidden input's accessible name, e.g. 'Photo files'. */
  readonly inputLabel: string;
  readonly icon: ReactNode;
  /** The button's text when no upload runs. */
  readonly children: ReactNode;
  readonly isUploading: boolean;
  readonly onFiles: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        multiple
        className="sr-only"
        onChange={(event) => void onFiles(event)}
        disabled={isUploading}
        // The button below opens it; the input itself stays out of the tab order.
        tabIndex={-1}
        aria-label={inputLabel}
      />
      <Button
        type="button"
        variant="outline"
        onClick={() => inputRef.current?.click()}
        disabled={isUploading}
      >
        {icon}
        {isUploading ? 'Uploading…' : children}
      </Button>
    </div>
  );
}
