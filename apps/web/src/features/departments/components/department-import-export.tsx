import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { workshopIsoDate } from '@/lib/date-format';
import { saveBlob } from '@/lib/save-blob';
import { toast } from '@/lib/toast';
import { useExportDepartments } from '../api/export-departments';
import { type TDepartmentImportResult, useImportDepartments } from '../api/import-departments';
import { readDepartmentImportFile } from './department-import-file';

export const IMPORT_INPUT_LABEL = 'Import departments from a JSON file';

function countLabel(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export function importedMessage(result: TDepartmentImportResult): string {
  return `Imported ${countLabel(result.departments, 'department')} and ${countLabel(result.stations, 'station')}`;
}

/** Export of every department with its stations as JSON, and import of such a file. */
export function DepartmentImportExport({ now = () => new Date() }: { now?: () => Date }) {
  const exportMutation = useExportDepartments();
  const importMutation = useImportDepartments();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isReading, setIsReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isImporting = isReading || importMutation.isPending;

  function onExport() {
    setProblem(null);
    exportMutation.mutate(undefined, {
      onSuccess: (blob) => saveBlob(blob, `departments-${workshopIsoDate(now())}.json`),
      onError: (error) => setProblem(errorMessageOf(error, ERROR_MESSAGES.generic)),
    });
  }

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) imports again.
    input.value = '';
    if (!file) return;
    setProblem(null);
    setIsReading(true);
    const read = await readDepartmentImportFile(file);
    setIsReading(false);
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    importMutation.mutate(read.list, {
      onSuccess: (result) => toast({ title: importedMessage(result) }),
      onError: (error) => setProblem(errorMessageOf(error, ERROR_MESSAGES.generic)),
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onExport} disabled={exportMutation.isPending}>
          <DownloadIcon aria-hidden="true" />
          {exportMutation.isPending ? 'Exporting…' : 'Export departments'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={isImporting}
        >
          <UploadIcon aria-hidden="true" />
          {isImporting ? 'Importing…' : 'Import departments'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label={IMPORT_INPUT_LABEL}
          onChange={(event) => void onFileChosen(event)}
        />
      </div>
      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
