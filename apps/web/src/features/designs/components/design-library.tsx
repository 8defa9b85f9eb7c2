import { canEditDesigns } from '@loupe/domain/auth/permissions';
import {
  parseDesignTags,
  type TAttachment,
  type TDesign,
  type TDesignFolder,
} from '@loupe/domain/catalog/catalog';
import { isCadContentType } from '@loupe/domain/designs/design-files';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { CopyPlusIcon, FolderIcon, FolderPlusIcon, PlusIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { PhotoGallery } from '@/components/attachments/photo-gallery';
import { LoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/number-format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCopyDesign } from '../api/copy-design';
import { useCreateDesign } from '../api/create-design';
import { useCreateDesignFolder } from '../api/create-design-folder';
import { useDeleteDesignImage } from '../api/delete-design-image';
import type { TDesignFilters } from '../api/design-filters';
import { useDesignFilterOptions } from '../api/get-design-filter-options';
import { useDesignFolders } from '../api/get-design-folders';
import { useDesigns } from '../api/get-designs';
import { useUpdateDesign } from '../api/update-design';
import { useUploadDesignImage } from '../api/upload-design-image';
import { CadFiles } from './cad-files';
import { DesignFilters, hasDesignFilters, NO_DESIGN_FILTERS } from './design-filters';

const SEARCH_DELAY_MS = 250;
/** The folder choice: one folder, the unfiled designs, or everything. */
type TFolderChoice = string | 'none' | null;

/** Folders in tree order, each with its depth: parents before their children, siblings by name. */
export function folderTree(folders: readonly TDesignFolder[]): { folder: TDesignFolder; depth: number }[] {
  const ids = new Set(folders.map((folder) => folder.id));
  const out: { folder: TDesignFolder; depth: number }[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const folder of folders) {
      const parent = folder.parentId !== null && ids.has(folder.parentId) ? folder.parentId : null;
      if (parent !== parentId) continue;
      out.push({ folder, depth });
      visit(folder.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** “2 images, 1 CAD file”: what a design's card says it holds. */
function filesSummary(files: readonly TAttachment[]): string {
  const cad = files.filter((file) => isCadContentType(file.contentType)).length;
  const images = files.length - cad;
  const imageText = images === 1 ? '1 image' : `${images} images`;
  if (cad === 0) return imageText;
  return `${imageText}, ${cad === 1 ? '1 CAD file' : `${cad} CAD files`}`;
}

/** The design library (issue 17 §1): nested folders, search, new designs with images, and custom copies. */
export function DesignLibrary() {
  const { user } = useAuth();
  const canEdit = canEditDesigns(user);
  const [folderId, setFolderId] = useState<TFolderChoice>(null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const folders = useDesignFolders();
  const [filters, setFilters] = useState<TDesignFilters>(NO_DESIGN_FILTERS);
  const designs = useDesigns(q, folderId, filters);
  const filterOptions = useDesignFilterOptions();
  const shownTags = [...new Set((designs.data?.items ?? []).flatMap((design) => design.tags))];
  const isFiltered = q !== '' || hasDesignFilters(filters);
  const [selected, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const createFolder = useCreateDesignFolder();
  const createDesign = useCreateDesign();
  const [newFolder, setNewFolder] = useState('');
  const [newDesign, setNewDesign] = useState('');
  const parentFolder = folderId === null || folderId === 'none' ? null : folderId;

  async function run(action: () => Promise<unknown>) {
    setProblem(null);
    try {
      await action();
    } catch (caught) {
      setProblem(errorMessageOf(caught, ERROR_MESSAGES.generic));
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <nav aria-label="Design folders" className="grid content-start gap-1">
        <FolderButton label="All designs" isCurrent={folderId === null} onClick={() => setFolderId(null)} />
        <FolderButton
          label="Not in a folder"
          isCurrent={folderId === 'none'}
          onClick={() => setFolderId('none')}
        />
        {folders.isPending ? <LoadingSpinner label="Loading folders" /> : null}
        {folders.isError ? <p className="text-sm text-destructive">Folders could not be loaded.</p> : null}
        {folderTree(folders.data ?? []).map(({ folder, depth }) => (
          <FolderButton
            key={folder.id}
            label={folder.name}
            count={folder.designCount}
            depth={depth}
            isCurrent={folderId === folder.id}
            onClick={() => setFolderId(folder.id)}
          />
        ))}
        {canEdit ? (
          <form
            className="mt-2 flex gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              void run(async () => {
                await createFolder.mutateAsync({ name: newFolder.trim(), parentId: parentFolder });
                setNewFolder('');
              });
            }}
          >
            <Input
              value={newFolder}
              onChange={(event) => setNewFolder(event.target.value)}
              placeholder={parentFolder ? 'New subfolder' : 'New folder'}
              aria-label="New folder name"
              maxLength={100}
            />
            <Button
              type="submit"
              variant="outline"
              size="icon"
              aria-label="Add folder"
              disabled={!newFolder.trim()}
            >
              <FolderPlusIcon aria-hidden="true" />
            </Button>
          </form>
        ) : null}
      </nav>

      <section aria-label="Designs" className="grid content-start gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative min-w-56 flex-1">
            <SearchIcon
              className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by name, description, stones or tags"
              aria-label="Search designs"
              className="pl-8"
            />
          </div>
          {canEdit ? (
            <form
              className="flex gap-1"
              onSubmit={(event) => {
                event.preventDefault();
                void run(async () => {
                  const created = await createDesign.mutateAsync({
                    name: newDesign.trim(),
                    description: '',
                    folderId: parentFolder,
                  });
                  setNewDesign('');
                  setSelected(created.id);
                });
              }}
            >
              <Input
                value={newDesign}
                onChange={(event) => setNewDesign(event.target.value)}
                placeholder="New design name"
                aria-label="New design name"
                maxLength={200}
              />
              <Button type="submit" variant="outline" disabled={!newDesign.trim()}>
                <PlusIcon aria-hidden="true" />
                Add design
              </Button>
            </form>
          ) : null}
        </div>
        <DesignFilters
          productTypes={filterOptions.data?.productTypes ?? []}
          metalTypes={filterOptions.data?.metalTypes ?? []}
          tags={shownTags}
          value={filters}
          onChange={setFilters}
        />
        {problem ? (
          <Alert variant="destructive">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
        {designs.isPending ? (
          <LoadingSpinner label="Loading designs" />
        ) : designs.isError ? (
          <LoadError
            title="Designs could not be loaded"
            error={designs.error}
            onRetry={() => void designs.refetch()}
          />
        ) : designs.data.items.length === 0 ? (
          isFiltered ? (
            <div className="grid justify-items-start gap-2">
              <p className="text-sm text-muted-foreground">
                {q ? `No design matches “${q}” and these filters.` : 'No design matches these filters.'}
              </p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  setSearch('');
                  setFilters(NO_DESIGN_FILTERS);
                }}
              >
                Clear search and filters
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No designs here yet.</p>
          )
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {designs.data.items.map((design) => (
              <li key={design.id}>
                <DesignCard
                  design={design}
                  folderName={folders.data?.find((folder) => folder.id === design.folderId)?.name ?? null}
                  isOpen={selected === design.id}
                  onToggle={() => setSelected(selected === design.id ? null : design.id)}
                  canEdit={canEdit}
                  onCopied={(id) => setSelected(id)}
                  onTag={(tag) => setFilters({ ...filters, tag })}
                />
              </li>
            ))}
          </ul>
        )}
        {designs.data && designs.data.total > designs.data.items.length ? (
          <p className="text-xs text-muted-foreground">
            Showing {designs.data.items.length} of {formatCount(designs.data.total)}: search to narrow them
            down.
          </p>
        ) : null}
      </section>
    </div>
  );
}

function FolderButton(props: {
  label: string;
  count?: number;
  depth?: number;
  isCurrent: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      aria-current={props.isCurrent ? 'true' : undefined}
      className={cn(
        'flex items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent',
        props.isCurrent && 'bg-accent font-medium',
      )}
      style={{ paddingLeft: `${0.5 + (props.depth ?? 0) * 1}rem` }}
    >
      <FolderIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="flex-1 truncate">{props.label}</span>
      {props.count !== undefined ? (
        <span className="text-xs text-muted-foreground">{formatCount(props.count)}</span>
      ) : null}
    </button>
  );
}

function DesignCard(props: {
  design: TDesign;
  folderName: string | null;
  isOpen: boolean;
  onToggle: () => void;
  canEdit: boolean;
  onCopied: (id: string) => void;
  onTag: (tag: string) => void;
}) {
  const { design } = props;
  const copy = useCopyDesign();
  const upload = useUploadDesignImage();
  const removeImage = useDeleteDesignImage();
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `design-${design.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-2 rounded-lg border bg-card p-3 shadow-sm">
      <button
        type="button"
        className="grid gap-1 text-left"
        onClick={props.onToggle}
        aria-expanded={props.isOpen}
      >
        <h3 id={headingId} className="font-medium">
          {design.name}
        </h3>
        <span className="text-xs text-muted-foreground">
          {props.folderName ?? 'Not in a folder'} · {filesSummary(design.images)}
        </span>
        {design.description ? <span className="line-clamp-2 text-sm">{design.description}</span> : null}
        {design.stones ? <span className="text-sm">Stones: {design.stones}</span> : null}
      </button>
      {design.tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1">
          {design.tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="rounded-full border px-2 py-0.5 text-xs hover:bg-accent"
                aria-label={`Show designs tagged ${tag}`}
                onClick={() => props.onTag(tag)}
              >
                {tag}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {props.isOpen ? (
        <div className="grid gap-3 border-t pt-3">
          <PhotoGallery
            photos={design.images.filter((file) => !isCadContentType(file.contentType))}
            canEdit={props.canEdit}
            onUpload={async (file, onProgress) => {
              await upload.mutateAsync({ id: design.id, file, onProgress });
            }}
            onDelete={async (image) => {
              await removeImage.mutateAsync({ id: design.id, imageId: image.id });
            }}
          />
          <CadFiles
            files={design.images.filter((file) => isCadContentType(file.contentType))}
            canAdd={props.canEdit}
            onUpload={async (file, onProgress) => {
              await upload.mutateAsync({ id: design.id, file, onProgress });
            }}
          />
          {props.canEdit ? <DesignDetailsForm design={design} /> : null}
          {props.canEdit ? (
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={copy.isPending}
                onClick={() =>
                  void (async () => {
                    setProblem(null);
                    try {
                      const copied = await copy.mutateAsync({ id: design.id });
                      props.onCopied(copied.id);
                    } catch (caught) {
                      setProblem(errorMessageOf(caught, ERROR_MESSAGES.generic));
                    }
                  })()
                }
              >
                <CopyPlusIcon aria-hidden="true" />
                Copy as a custom design
              </Button>
            </div>
          ) : null}
          {problem ? <p className="text-sm text-destructive">{problem}</p> : null}
        </div>
      ) : null}
    </article>
  );
}

/** The design's stones (free text) and tags (typed with commas), saved together. */
function DesignDetailsForm(props: { design: TDesign }) {
  const { design } = props;
  const update = useUpdateDesign();
  const [stones, setStones] = useState(design.stones);
  const [tags, setTags] = useState(design.tags.join(', '));
  const [problem, setProblem] = useState<string | null>(null);
  const stonesId = `design-stones-${design.id}`;
  const tagsId = `design-tags-${design.id}`;
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          setProblem(null);
          try {
            const saved = await update.mutateAsync({
              id: design.id,
              stones: stones.trim(),
              tags: parseDesignTags(tags),
            });
            setStones(saved.stones);
            setTags(saved.tags.join(', '));
          } catch (caught) {
            setProblem(errorMessageOf(caught, ERROR_MESSAGES.generic));
          }
        })();
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={stonesId}>Stones</Label>
        <Input
          id={stonesId}
          value={stones}
          onChange={(event) => setStones(event.target.value)}
          placeholder="1 × 1.2 ct oval diamond, 12 × 0.02 ct pavé"
          maxLength={2000}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={tagsId}>Tags</Label>
        <Input
          id={tagsId}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          placeholder="halo, vintage"
          aria-describedby={`${tagsId}-hint`}
        />
        <span id={`${tagsId}-hint`} className="text-xs text-muted-foreground">
          Separate tags with commas.
        </span>
      </div>
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={update.isPending}>
          Save stones and tags
        </Button>
      </div>
      {problem ? <p className="text-sm text-destructive">{problem}</p> : null}
    </form>
  );
}
