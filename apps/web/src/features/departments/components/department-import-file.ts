/** Why a chosen file cannot be imported, before anything is sent (spec §5: import needs a list). */
export function notJsonMessage(fileName: string): string {
  return `${fileName} is not a JSON file. Choose a file made by Export departments.`;
}

export function notListMessage(fileName: string): string {
  return `${fileName} does not hold a list of departments. Choose a file made by Export departments.`;
}

export type TDepartmentImportFile =
  | { readonly ok: true; readonly list: unknown[] }
  | { readonly ok: false; readonly message: string };

/**
 * Reads a chosen file as the list POST /departments/import takes. Text that is not JSON, or JSON that is not a
 * list, is refused here with a message; whether each entry is a valid department is the server's to say.
 */
export async function readDepartmentImportFile(file: File): Promise<TDepartmentImportFile> {
  let value: unknown;
  try {
    value = JSON.parse(await file.text());
  } catch {
    // Unparsable content is the answer itself, not a fault to log.
    return { ok: false, message: notJsonMessage(file.name) };
  }
  if (!Array.isArray(value)) return { ok: false, message: notListMessage(file.name) };
  return { ok: true, list: value };
}
