import { ringRender } from '../../apps/server/workshop/design-render';
import { expect, signIn, test, uniqueEmail } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { paintTheme, type TData } from '../support/workshop';

// Issue 17: a designer takes a design request from new to approved; the customer approves the revision in a
// browser of their own, without signing in, and the designer's screen follows live.

test('a designer takes a request from new to approved, and the customer approves it from their own browser', async ({
  page,
  browser,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const designerEmail = uniqueEmail('designer');
  const designerPassword = 'temporary designer passphrase';
  const designer = await api.request<TData<{ id: string }>>('POST', '/users', {
    email: designerEmail,
    firstName: 'Dana',
    lastName: 'Designer',
    role: 'designer',
    temporaryPassword: designerPassword,
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Rosalind Franklin ${suffix}`,
    phone: '+44 20 7946 0123',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Engagement ring',
    promisedDate: '2031-09-20',
    priceCents: 350_000,
  });
  await api.request('POST', '/design-requests', {
    orderId: order.data.id,
    brief: 'Oval sapphire on a thin yellow-gold band, low setting: she works with her hands.',
    designerId: designer.data.id,
  });
  const orderNumber = order.data.orderNumber;

  // The designer finds the request in the New column, with its brief, and takes it.
  await page.setViewportSize({ width: 1400, height: 1300 });
  await signIn(page, designerEmail, designerPassword);
  await page.goto('/designer-workspace');
  await expect(page.getByRole('heading', { level: 1, name: 'Designer Workspace' })).toBeVisible();
  const newColumn = page.getByRole('region', { name: /^New/ });
  await newColumn.getByRole('button', { name: new RegExp(orderNumber) }).click();
  await expect(page.getByText('Oval sapphire on a thin yellow-gold band')).toBeVisible();
  await page.getByRole('button', { name: 'Start work' }).click();
  await expect(page.getByLabel('Status: In progress')).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^In progress/ }).getByRole('button', { name: new RegExp(orderNumber) }),
  ).toBeVisible();

  // Revision 1, with a render uploaded, sent for approval.
  await page.getByLabel('Notes for revision 1').fill('Oval sapphire, 4 claws, 1.8 mm band.');
  await page.getByRole('button', { name: 'Start revision 1' }).click();
  const revision = page.getByRole('article', { name: 'Revision 1' });
  await expect(revision).toBeVisible();
  await revision.getByLabel('Photo files').setInputFiles({
    name: 'ring-front.png',
    mimeType: 'image/png',
    buffer: ringRender(),
  });
  await expect(revision.getByRole('img', { name: 'ring-front.png' })).toBeVisible();
  // The CAD model goes with it, kept with its type and size.
  const stl = Buffer.alloc(84 + 12 * 50);
  stl.writeUInt32LE(12, 80);
  await revision.getByLabel('CAD files to upload').setInputFiles({
    name: 'ring.stl',
    mimeType: 'model/stl',
    buffer: stl,
  });
  await expect(revision.getByRole('list', { name: 'CAD files' })).toContainText('ring.stl');
  await expect(revision.getByRole('list', { name: 'CAD files' })).toContainText('STL · 1 KB');
  await revision.getByRole('button', { name: 'Send for approval' }).click();
  const linkBox = revision.getByRole('textbox', { name: 'Approval link of revision 1' });
  await expect(linkBox).toHaveValue(/\/design-approval\/[A-Za-z0-9_-]{22,}$/);
  const path = new URL(await linkBox.inputValue()).pathname;
  await expect(page.getByLabel('Status: Waiting for the customer')).toBeVisible();

  // The customer: a phone-sized browser with nobody signed in sees that revision and nothing of the shop's.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await customerContext.newPage();
  await phone.goto(path);
  const title = phone.getByRole('heading', { level: 1, name: 'Your design, revision 1' });
  await expect(title).toBeVisible();
  await expect(phone.getByText('Oval sapphire, 4 claws, 1.8 mm band.')).toBeVisible();
  await expect(phone.getByRole('img', { name: 'ring-front.png' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Download the 3D model ring.stl' })).toBeVisible();
  const text = await phone.locator('body').innerText();
  for (const secret of ['3,500', 'Rosalind', 'she works with her hands', 'Sign in']) {
    expect(text).not.toContain(secret);
  }
  await paintTheme(phone, 'dark');
  await expect(title).toBeVisible();
  await expect(phone.getByRole('img', { name: 'ring-front.png' })).toBeVisible();
  await saveScreenshot(phone, { path: `${SCREENSHOTS}design-approval-dark.png`, fullPage: true });
  await paintTheme(phone, 'light');
  await expect(title).toBeVisible();
  await expect(phone.getByRole('img', { name: 'ring-front.png' })).toBeVisible();
  await saveScreenshot(phone, { path: `${SCREENSHOTS}design-approval-light.png`, fullPage: true });

  // Issue 35 §7: one tap is not an answer; the customer confirms with the name they type.
  await phone.getByRole('button', { name: 'Approve this design' }).click();
  await expect(phone.getByRole('heading', { name: 'Confirm your approval' })).toBeVisible();
  const confirm = phone.getByRole('button', { name: 'Confirm approval' });
  await expect(confirm).toBeDisabled();
  await expect(page.getByLabel('Status: Waiting for the customer')).toBeVisible();
  await phone.getByLabel('Your full name').fill('Rosalind Franklin');
  await confirm.click();
  await expect(phone.getByText(/You approved this design on/)).toBeVisible();
  await expect(phone.getByText('Confirmed by Rosalind Franklin.')).toBeVisible();

  // The designer's screen follows without a reload: the request is approved, and says who answered and when.
  await expect(page.getByLabel('Status: Approved')).toBeVisible();
  await expect(revision.getByText(/Approved by the customer, Rosalind Franklin, on /)).toBeVisible();
  const approvedColumn = page.getByRole('region', { name: /^Approved/ });
  await expect(approvedColumn.getByRole('button', { name: new RegExp(orderNumber) })).toBeVisible();
  // The order moved on to CAD with the approval; its request stays where the count says it is.
  await expect(approvedColumn.getByRole('button', { name: new RegExp(orderNumber) })).toContainText(
    'Order at CAD',
  );
  await expect(approvedColumn.getByRole('heading')).toContainText(
    String(await approvedColumn.getByRole('button').count()),
  );
  await saveScreenshot(page, { path: `${SCREENSHOTS}designer-workspace-dark.png` });
  await paintTheme(page, 'light');
  await expect(page.getByLabel('Status: Approved')).toBeVisible();
  await expect(page.getByRole('img', { name: 'ring-front.png' })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}designer-workspace-light.png` });

  // A second answer from the same link is refused with its stable code.
  const token = path.split('/').pop() ?? '';
  const csrf = await phone.request.get('/api/auth/csrf-token');
  const again = await phone.request.post(`/api/v1/public/design-approvals/${token}/decision`, {
    headers: { 'x-csrf-token': (await csrf.json()).token },
    data: { decision: 'changes-requested', name: 'Rosalind Franklin', comment: 'Actually, white gold' },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('DESIGN_DECISION_ALREADY_MADE');

  // Delivered, the order's link expires: the customer's page says so, with no answer to give.
  for (const status of ['in_production', 'quality_check', 'ready', 'delivered']) {
    await api.request('PATCH', `/orders/${order.data.id}`, { status });
  }
  await phone.reload();
  await expect(phone.getByRole('heading', { level: 1, name: 'This design link has expired' })).toBeVisible();
  await expect(phone.getByText(/the order it belongs to is finished/)).toBeVisible();
  await expect(phone.getByRole('button')).toHaveCount(0);
  const expired = await phone.request.get(`/api/v1/public/design-approvals/${token}`);
  expect(expired.status()).toBe(410);
  expect((await expired.json()).code).toBe('DESIGN_APPROVAL_LINK_EXPIRED');
  await customerContext.close();
});

test('the design library: nested folders, search, and a custom copy of a design with its render', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const rings = await api.request<TData<{ id: string }>>('POST', '/catalog/design-folders', {
    name: `Rings ${suffix}`,
  });
  const halo = await api.request<TData<{ id: string }>>('POST', '/catalog/design-folders', {
    name: `Halo ${suffix}`,
    parentId: rings.data.id,
  });
  await api.request('POST', '/catalog/designs', {
    name: `Cushion halo ${suffix}`,
    description: 'Pavé band, four double claws',
    folderId: halo.data.id,
  });
  await api.request('POST', '/catalog/designs', { name: `Court band ${suffix}`, folderId: rings.data.id });

  await page.setViewportSize({ width: 1400, height: 1000 });
  const email = uniqueEmail('designer');
  await api.inviteUser({ email, role: 'designer', temporaryPassword: 'temporary designer passphrase' });
  await signIn(page, email, 'temporary designer passphrase');
  await page.goto('/designer-workspace?tab=library');
  const folders = page.getByRole('navigation', { name: 'Design folders' });
  await folders.getByRole('button', { name: new RegExp(`^Halo ${suffix}`) }).click();
  const designs = page.getByRole('region', { name: 'Designs' });
  await expect(designs.getByRole('article')).toHaveCount(1);
  await designs.getByRole('button', { name: new RegExp(`Cushion halo ${suffix}`) }).click();
  await designs.getByLabel('Photo files').setInputFiles({
    name: 'halo-front.png',
    mimeType: 'image/png',
    buffer: ringRender(),
  });
  await expect(designs.getByRole('img', { name: 'halo-front.png' })).toBeVisible();

  await folders.getByRole('button', { name: 'All designs' }).click();
  await page.getByLabel('Search designs').fill(`court band ${suffix}`);
  await expect(designs.getByRole('article')).toHaveCount(1);
  await expect(designs.getByRole('heading', { name: `Court band ${suffix}` })).toBeVisible();

  await page.getByLabel('Search designs').fill(`cushion halo ${suffix}`);
  await expect(designs.getByRole('article')).toHaveCount(1);
  // Still open from before: the library keeps the design you were looking at.
  await expect(designs.getByRole('button', { name: new RegExp(`Cushion halo ${suffix}`) })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await designs.getByRole('button', { name: 'Copy as a custom design' }).click();
  const copy = designs.getByRole('article', { name: `Cushion halo ${suffix} (custom)` });
  await expect(copy).toBeVisible();
  await expect(copy.getByRole('img', { name: 'halo-front.png' })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}design-library-dark.png` });
  await paintTheme(page, 'light');
  await page.getByLabel('Search designs').fill(`cushion halo ${suffix}`);
  await designs.getByRole('button', { name: new RegExp(`Cushion halo ${suffix} \\(custom\\)`) }).click();
  await expect(copy.getByRole('img', { name: 'halo-front.png' })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}design-library-light.png` });
});
