import { canEditCatalog, canEditDesigns } from '@loupe/domain/auth/permissions';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import type { TCatalogType, TDesign, TDesignFolder } from '@loupe/domain/catalog/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { jpegBytes, multipartBody, PNG_1X1, tempDataDir, uploadedFiles } from './support/uploads.ts';

const TYPE_PATHS = [
  ['metal-types', 'metalTypeId', 'metal type'],
  ['product-types', 'productTypeId', 'product type'],
] as const;
const NOT_TYPE_EDITORS = ROLES.filter((role) => !canEditCatalog({ role }));
const NOT_DESIGN_EDITORS = ROLES.filter((role) => !canEditDesigns({ role }));
const MISSING = '00000000-0000-4000-8000-000000000000';

type TPage<T> = { items: T[]; total: number; nextCursor: string | null };

describe.each(TEST_DATABASES)('catalog on %s', (database) => {
  let t: TTestApp;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let manager: TTestClient;
  let designer: TTestClient;
  let sales: TTestClient;
  let customerId: string;

  beforeAll(async () => {
    dataDir = await tempDataDir();
    t = await createTestApp({ database, env: { DATA_DIR: dataDir.dir } });
    manager = (await t.clientAs('manager')).client;
    designer = (await t.clientAs('designer')).client;
    sales = (await t.clientAs('salesperson')).client;
    const customer = await sales.request('POST', '/api/v1/customers', {
      body: { name: 'Buyer', phone: '5550001111' },
    });
    customerId = customer.json().data.id;
  });
  afterAll(async () => {
    await t.close();
    await dataDir.cleanup();
  });

  async function created<T>(client: TTestClient, url: string, body: Record<string, unknown>): Promise<T> {
    const response = await client.request('POST', url, { body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  describe.each(TYPE_PATHS)('%s', (path, orderField, noun) => {
    const url = `/api/v1/catalog/${path}`;

    it('creates, renames and lists types by name, with only the active ones on request', async () => {
      const gold = await created<TCatalogType>(manager, url, { name: `${path} Yellow gold` });
      expect(gold).toMatchObject({ name: `${path} Yellow gold`, isActive: true });
      await created(manager, url, { name: `${path} Antique silver`, isActive: false });
      const renamed = await manager.request('PATCH', `${url}/${gold.id}`, {
        body: { name: `${path} Gold 18k` },
      });
      expect(renamed.json().data).toMatchObject({ id: gold.id, name: `${path} Gold 18k` });

      const all = (await sales.request('GET', `${url}?q=${path}`)).json().data as TPage<TCatalogType>;
      expect(all.items.map((type) => type.name)).toEqual([`${path} Antique silver`, `${path} Gold 18k`]);
      const active = (await sales.request('GET', `${url}?q=${path}&isActive=true`)).json().data;
      expect(active).toMatchObject({ total: 1, items: [{ name: `${path} Gold 18k` }] });
    });

    it('refuses a name that exists already, whatever its case (409)', async () => {
      await created(manager, url, { name: `${path} Rose Gold` });
      const twin = await manager.request('POST', url, { body: { name: `${path.toUpperCase()} ROSE GOLD` } });
      expect(twin.statusCode).toBe(409);
      expect(twin.json()).toMatchObject({
        code: 'CONFLICT',
        message: `A ${noun} named “${path} Rose Gold” already exists.`,
      });
      const other = await created<TCatalogType>(manager, url, { name: `${path} White Gold` });
      const rename = await manager.request('PATCH', `${url}/${other.id}`, {
        body: { name: `${path} rose gold` },
      });
      expect(rename.statusCode).toBe(409);
    });

    it('deletes a type no order uses, and refuses one in use with how many orders use it', async () => {
      const unused = await created<TCatalogType>(manager, url, { name: `${path} Unused` });
      expect((await manager.request('DELETE', `${url}/${unused.id}`)).statusCode).toBe(200);
      expect((await manager.request('DELETE', `${url}/${unused.id}`)).statusCode).toBe(404);

      const used = await created<TCatalogType>(manager, url, { name: `${path} Platinum` });
      for (let i = 0; i < 2; i += 1) {
        await created(sales, '/api/v1/orders', { customerId, [orderField]: used.id });
      }
      const refused = await manager.request('DELETE', `${url}/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `“${path} Platinum” is used by 2 orders, so it cannot be deleted. Mark it inactive instead: those orders keep it, new ones can no longer choose it.`,
      );
      const retired = await manager.request('PATCH', `${url}/${used.id}`, { body: { isActive: false } });
      expect(retired.json().data.isActive).toBe(false);
    });

    it.each(NOT_TYPE_EDITORS)('lets %s read the types but not change them (403)', async (role: TRole) => {
      const { client } = await t.clientAs(role);
      expect((await client.request('GET', url)).statusCode).toBe(200);
      expect((await client.request('POST', url, { body: { name: `${role} type` } })).statusCode).toBe(403);
    });
  });

  describe('design folders', () => {
    it('nests folders, counts their designs, and never puts a folder inside itself or below itself', async () => {
      const rings = await created<TDesignFolder>(designer, '/api/v1/catalog/design-folders', {
        name: 'Rings',
      });
      const bridal = await created<TDesignFolder>(designer, '/api/v1/catalog/design-folders', {
        name: 'Bridal',
        parentId: rings.id,
      });
      const vintage = await created<TDesignFolder>(designer, '/api/v1/catalog/design-folders', {
        name: 'Vintage',
        parentId: bridal.id,
      });
      expect(bridal).toMatchObject({ parentId: rings.id, designCount: 0 });

      for (const parentId of [rings.id, vintage.id]) {
        const response = await designer.request('PATCH', `/api/v1/catalog/design-folders/${rings.id}`, {
          body: { parentId },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().details.issues).toEqual([
          { field: 'parentId', message: 'A folder cannot go inside itself or one of its own subfolders.' },
        ]);
      }
      const moved = await designer.request('PATCH', `/api/v1/catalog/design-folders/${vintage.id}`, {
        body: { parentId: rings.id, name: 'Vintage rings' },
      });
      expect(moved.json().data).toMatchObject({ parentId: rings.id, name: 'Vintage rings' });
      const unknownParent = await designer.request('POST', '/api/v1/catalog/design-folders', {
        body: { name: 'Orphan', parentId: MISSING },
      });
      expect(unknownParent.statusCode).toBe(400);
      expect(unknownParent.json().details.issues[0].field).toBe('parentId');

      await created(designer, '/api/v1/catalog/designs', { name: 'Halo', folderId: bridal.id });
      await created(designer, '/api/v1/catalog/designs', { name: 'Pavé band', folderId: bridal.id });
      const folders = (await sales.request('GET', '/api/v1/catalog/design-folders?q=bridal')).json().data;
      expect(folders).toMatchObject({ total: 1, items: [{ id: bridal.id, designCount: 2 }] });
    });

    it('keeps a folder that holds subfolders, and unfiles the designs of a folder it deletes', async () => {
      const parent = await created<TDesignFolder>(designer, '/api/v1/catalog/design-folders', {
        name: 'Pendants',
      });
      const child = await created<TDesignFolder>(designer, '/api/v1/catalog/design-folders', {
        name: 'Lockets',
        parentId: parent.id,
      });
      const locket = await created<TDesign>(designer, '/api/v1/catalog/designs', {
        name: 'Oval locket',
        folderId: child.id,
      });
      const refused = await designer.request('DELETE', `/api/v1/catalog/design-folders/${parent.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('“Pendants” holds 1 subfolder. Move or delete them first.');
      expect(
        (await designer.request('DELETE', `/api/v1/catalog/design-folders/${child.id}`)).statusCode,
      ).toBe(200);
      expect(
        (await designer.request('GET', `/api/v1/catalog/designs/${locket.id}`)).json().data.folderId,
      ).toBeNull();
      expect(
        (await designer.request('DELETE', `/api/v1/catalog/design-folders/${parent.id}`)).statusCode,
      ).toBe(200);
    });
  });

  describe('designs', () => {
    it('lists designs by folder (or none) and by words of the name or description', async () => {
      const folder = await created<TDesignFolder>(manager, '/api/v1/catalog/design-folders', {
        name: 'Earrings',
      });
      const stud = await created<TDesign>(designer, '/api/v1/catalog/designs', {
        name: 'zq Stud',
        description: 'Four-claw diamond stud',
        folderId: folder.id,
      });
      const hoop = await created<TDesign>(designer, '/api/v1/catalog/designs', { name: 'zq Hoop' });
      const ids = async (query: string) =>
        (
          (await sales.request('GET', `/api/v1/catalog/designs?${query}`)).json().data as TPage<TDesign>
        ).items.map((d) => d.id);
      expect(await ids(`folderId=${folder.id}`)).toEqual([stud.id]);
      expect(await ids('q=zq&folderId=none')).toEqual([hoop.id]);
      expect(await ids('q=FOUR-CLAW')).toEqual([stud.id]);
      expect(await ids('q=zq')).toEqual([hoop.id, stud.id]);
      expect((await sales.request('GET', '/api/v1/catalog/designs?folderId=somewhere')).statusCode).toBe(400);
    });

    it('saves stones and tags (trimmed, lower-case, each once) and changes them', async () => {
      const design = await created<TDesign>(designer, '/api/v1/catalog/designs', {
        name: 'Oval halo',
        stones: ' 1 × 1.2 ct oval diamond, 12 × 0.02 ct pavé ',
        tags: ['Halo', ' vintage ', 'halo'],
      });
      expect(design).toMatchObject({
        stones: '1 × 1.2 ct oval diamond, 12 × 0.02 ct pavé',
        tags: ['halo', 'vintage'],
      });
      const plain = await created<TDesign>(designer, '/api/v1/catalog/designs', { name: 'Plain band' });
      expect(plain).toMatchObject({ stones: '', tags: [] });
      const changed = await designer.request('PATCH', `/api/v1/catalog/designs/${design.id}`, {
        body: { stones: '1 × 1.2 ct oval sapphire', tags: ['colour'] },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const got = (await sales.request('GET', `/api/v1/catalog/designs/${design.id}`)).json().data as TDesign;
      expect(got).toMatchObject({ name: 'Oval halo', stones: '1 × 1.2 ct oval sapphire', tags: ['colour'] });
      const emptyTag = await designer.request('POST', '/api/v1/catalog/designs', {
        body: { name: 'X', tags: ['  '] },
      });
      expect(emptyTag.statusCode).toBe(400);
    });

    it('finds designs by words of their stones or tags, and filters by product type, metal and tag', async () => {
      const [ring, pendant] = await Promise.all(
        ['zw Ring', 'zw Pendant'].map((name) =>
          created<TCatalogType>(manager, '/api/v1/catalog/product-types', { name }),
        ),
      );
      const [gold, platinum] = await Promise.all(
        ['zw Gold', 'zw Platinum'].map((name) =>
          created<TCatalogType>(manager, '/api/v1/catalog/metal-types', { name }),
        ),
      );
      const solitaire = await created<TDesign>(designer, '/api/v1/catalog/designs', {
        name: 'zw Solitaire',
        stones: '1 × 0.9 ct cushion morganite',
        tags: ['zwclassic'],
        productTypeId: ring?.id,
        metalTypeId: gold?.id,
      });
      const drop = await created<TDesign>(designer, '/api/v1/catalog/designs', {
        name: 'zw Drop',
        stones: 'pear tanzanite',
        tags: ['zwvintage', 'zwclassic'],
        productTypeId: pendant?.id,
        metalTypeId: platinum?.id,
      });
      const band = await created<TDesign>(designer, '/api/v1/catalog/designs', {
        name: 'zw Band',
        tags: ['zwvintage'],
        productTypeId: ring?.id,
        metalTypeId: platinum?.id,
      });
      const ids = async (query: string) =>
        (
          (await sales.request('GET', `/api/v1/catalog/designs?${query}`)).json().data as TPage<TDesign>
        ).items.map((d) => d.id);
      expect(await ids('q=MORGANITE')).toEqual([solitaire.id]);
      expect(await ids('q=zwvint')).toEqual([band.id, drop.id]);
      expect(await ids(`q=zw&productTypeId=${ring?.id}`)).toEqual([band.id, solitaire.id]);
      expect(await ids(`metalTypeId=${platinum?.id}`)).toEqual([band.id, drop.id]);
      expect(await ids('tag=zwclassic')).toEqual([drop.id, solitaire.id]);
      expect(await ids('tag=ZWVintage')).toEqual([band.id, drop.id]);
      expect(await ids('tag=zwvin')).toEqual([]);
      expect(await ids(`productTypeId=${ring?.id}&metalTypeId=${platinum?.id}&tag=zwvintage`)).toEqual([
        band.id,
      ]);
      const filtered = (await sales.request('GET', `/api/v1/catalog/designs?metalTypeId=${gold?.id}`)).json()
        .data as TPage<TDesign>;
      expect(filtered.total).toBe(1);
      expect((await sales.request('GET', '/api/v1/catalog/designs?productTypeId=ring')).statusCode).toBe(400);
    });

    it('refuses references that do not exist, naming the field', async () => {
      for (const field of ['folderId', 'productTypeId', 'metalTypeId']) {
        const response = await designer.request('POST', '/api/v1/catalog/designs', {
          body: { name: 'X', [field]: MISSING },
        });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().details.issues[0].field).toBe(field);
      }
    });

    it.each(NOT_DESIGN_EDITORS)('lets %s see designs but not change them (403)', async (role: TRole) => {
      const design = await created<TDesign>(designer, '/api/v1/catalog/designs', { name: `For ${role}` });
      const { client } = await t.clientAs(role);
      expect((await client.request('GET', `/api/v1/catalog/designs/${design.id}`)).statusCode).toBe(200);
      expect(
        (await client.request('PATCH', `/api/v1/catalog/designs/${design.id}`, { body: { name: 'Y' } }))
          .statusCode,
      ).toBe(403);
      const upload = multipartBody([{ filename: 'a.png', contentType: 'image/png', data: PNG_1X1 }]);
      expect(
        (await client.request('POST', `/api/v1/catalog/designs/${design.id}/images`, upload)).statusCode,
      ).toBe(403);
    });

    it('keeps images of a design and removes their files with the image or the design', async () => {
      const design = await created<TDesign>(designer, '/api/v1/catalog/designs', { name: 'Trilogy ring' });
      const before = await uploadedFiles(dataDir.dir);
      const upload = multipartBody([
        { filename: 'sketch.jpg', contentType: 'image/jpeg', data: jpegBytes() },
        { filename: 'render.png', contentType: 'image/png', data: PNG_1X1 },
      ]);
      const response = await designer.request('POST', `/api/v1/catalog/designs/${design.id}/images`, upload);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().message).toBe('2 files uploaded.');
      const [sketch, render] = response.json().data;
      expect((await uploadedFiles(dataDir.dir)).length).toBe(before.length + 2);
      const got = (await sales.request('GET', `/api/v1/catalog/designs/${design.id}`)).json().data as TDesign;
      expect(got.images.map((image) => image.fileName)).toEqual(['sketch.jpg', 'render.png']);

      const removed = await designer.request(
        'DELETE',
        `/api/v1/catalog/designs/${design.id}/images/${sketch.id}`,
      );
      expect(removed.statusCode).toBe(200);
      expect((await uploadedFiles(dataDir.dir)).length).toBe(before.length + 1);
      expect(
        (await designer.request('DELETE', `/api/v1/catalog/designs/${design.id}/images/${sketch.id}`))
          .statusCode,
      ).toBe(404);

      expect((await designer.request('DELETE', `/api/v1/catalog/designs/${design.id}`)).statusCode).toBe(200);
      expect(await uploadedFiles(dataDir.dir)).toEqual(before);
      expect((await sales.request('GET', render.url)).statusCode).toBe(404);
      expect((await sales.request('GET', `/api/v1/catalog/designs/${design.id}`)).statusCode).toBe(404);
    });

    it('keeps CAD files of a design with their type and size, and refuses a picture renamed as one', async () => {
      const design = await created<TDesign>(designer, '/api/v1/catalog/designs', { name: 'Signet' });
      const stl = Buffer.alloc(84 + 2 * 50);
      stl.writeUInt32LE(2, 80);
      const url = `/api/v1/catalog/designs/${design.id}/images`;
      const upload = multipartBody([
        { filename: 'signet.stl', contentType: 'application/octet-stream', data: stl },
      ]);
      const response = await designer.request('POST', url, upload);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().message).toBe('File uploaded.');
      const got = (await sales.request('GET', `/api/v1/catalog/designs/${design.id}`)).json().data as TDesign;
      expect(got.images.map((file) => [file.fileName, file.contentType, file.sizeBytes])).toEqual([
        ['signet.stl', 'model/stl', stl.length],
      ]);
      const download = await sales.request('GET', got.images[0]?.url ?? '');
      expect(download.rawPayload.equals(stl)).toBe(true);

      const disguised = multipartBody([{ filename: 'model.stl', contentType: 'model/stl', data: PNG_1X1 }]);
      const refused = await designer.request('POST', url, disguised);
      expect(refused.statusCode).toBe(415);
      expect(refused.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    });

    it('copies a library design into a new custom design with copies of its images', async () => {
      const folder = await created<TDesignFolder>(manager, '/api/v1/catalog/design-folders', {
        name: 'Halo',
      });
      const design = await created<TDesign>(designer, '/api/v1/catalog/designs', {
        name: 'Cushion halo',
        description: 'Pavé band',
        stones: '1 × 1 ct cushion diamond',
        tags: ['halo', 'engagement'],
        folderId: folder.id,
      });
      const upload = multipartBody([{ filename: 'render.png', contentType: 'image/png', data: PNG_1X1 }]);
      expect(
        (await designer.request('POST', `/api/v1/catalog/designs/${design.id}/images`, upload)).statusCode,
      ).toBe(201);
      const before = await uploadedFiles(dataDir.dir);
      const copy = await created<TDesign>(designer, `/api/v1/catalog/designs/${design.id}/copy`, {});
      expect(copy).toMatchObject({
        name: 'Cushion halo (custom)',
        description: 'Pavé band',
        stones: '1 × 1 ct cushion diamond',
        tags: ['halo', 'engagement'],
        folderId: folder.id,
      });
      expect(copy.id).not.toBe(design.id);
      expect(copy.images.map((image) => image.fileName)).toEqual(['render.png']);
      expect((await uploadedFiles(dataDir.dir)).length).toBe(before.length + 1);
      const bytes = await sales.request('GET', copy.images[0]?.url ?? '');
      expect(bytes.rawPayload.equals(PNG_1X1)).toBe(true);
      // The original's images stay when the copy goes.
      expect((await designer.request('DELETE', `/api/v1/catalog/designs/${copy.id}`)).statusCode).toBe(200);
      expect(await uploadedFiles(dataDir.dir)).toEqual(before);
      const named = await created<TDesign>(designer, `/api/v1/catalog/designs/${design.id}/copy`, {
        name: 'For Mrs Franklin',
      });
      expect(named.name).toBe('For Mrs Franklin');
      expect(
        (await sales.request('POST', `/api/v1/catalog/designs/${design.id}/copy`, { body: {} })).statusCode,
      ).toBe(403);
    });
  });
});
