import { ROLES } from '@loupe/domain/auth/roles';
import { contextAs, expect, test } from '../support/demo-workshop';
import { deadEndOnScreen, linksOnScreen, shapeOf, walkerFor } from '../support/screen-walk';
import { routeAccessPathsMissingFromRouter, screensFor } from '../support/screens';

// Issue 35 §2: no dead ends. Every role opens every screen the route table lets it open, then follows every
// in-app link those screens show (sidebar, dashboard tiles, empty states, TV setup, quick actions…) and every
// notice in its bell: none leads to Access Denied, a missing page, or an API call the server refuses.

test('the route access table names only paths of the router', () => {
  expect(routeAccessPathsMissingFromRouter()).toEqual([]);
});

for (const role of ROLES) {
  test(`${role} meets no dead end on any screen it may open, nor behind any link or notice there`, async ({
    browser,
    demo,
  }) => {
    test.setTimeout(300_000);
    const { context, page } = await contextAs(browser, demo, role);
    const walker = walkerFor(page);
    const deadEnds: string[] = [];
    // A screen opened by its address may say what the role cannot do there (a job's form for a role that
    // may not write it); a link or a notice must never lead to such a refusal.
    const check = async (where: string, options: { orRefusal?: boolean } = { orRefusal: true }) => {
      const deadEnd = await deadEndOnScreen(page, options);
      if (deadEnd) deadEnds.push(`${where}: ${deadEnd}`);
      for (const refusal of walker.refusals()) deadEnds.push(`${where}: ${refusal}`);
    };
    await walker.settle();
    await check('/dashboard (after signing in)');

    const screens = screensFor(role, demo);
    expect(screens.length).toBeGreaterThan(4);
    const visited = new Set<string>();
    const linksFrom = new Map<string, string>();
    for (const screen of screens) {
      await walker.open(screen);
      await check(screen, { orRefusal: false });
      // A refusal seen here is checked again for any link that leads to it.
      if ((await deadEndOnScreen(page, { orRefusal: true })) === null) visited.add(shapeOf(screen));
      for (const link of await linksOnScreen(page)) {
        if (!linksFrom.has(shapeOf(link))) linksFrom.set(shapeOf(link), `${screen} → ${link}`);
      }
    }

    // Each kind of link once: one order page stands for all of them.
    let followed = 0;
    for (const [shape, trail] of linksFrom) {
      if (visited.has(shape)) continue;
      visited.add(shape);
      const link = trail.split(' → ')[1] ?? '';
      await walker.open(link);
      await check(trail);
      followed += 1;
    }

    // The bell: each notice opens what it is about.
    await walker.open('/dashboard');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const notices = await page.getByRole('menuitem').count();
    await page.keyboard.press('Escape');
    for (let index = 0; index < Math.min(notices, 12); index += 1) {
      await bell.click();
      const notice = page.getByRole('menuitem').nth(index);
      const title = (await notice.textContent()) ?? '';
      await notice.click();
      await walker.settle();
      await check(`the bell's notice "${title.slice(0, 60)}" → ${new URL(page.url()).pathname}`);
      await walker.open('/dashboard');
    }

    expect(deadEnds, `${role}: ${screens.length} screens, ${followed} links, ${notices} notices`).toEqual([]);
    await context.close();
  });
}
