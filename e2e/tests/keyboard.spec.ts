import type { TWorkflowBoard } from '@loupe/domain/workflow/workflow-api';
import type { Locator, Page } from '@playwright/test';
import { LoupeClient } from '../../apps/server/workshop/loupe-client';
import { contextAs, expect, test } from '../support/demo-workshop';
import { ADMIN } from '../support/loupe-server';

// Issue 35 §3: the board, dialogs and the assistant used with the keyboard alone, and focus back where it
// came from when a menu or dialog closes.

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not reached. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; limit?: number } = {}) {
  const { back = false, limit = 120 } = options;
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} was not reached with ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** From the top of a signed-in page, past the sidebar: the skip link, as a keyboard user starts. */
async function skipToMain(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
}

test('a manager filters the board, marks a job rush, gives it out and selects it without the mouse', async ({
  browser,
  demo,
}) => {
  const { context, page } = await contextAs(browser, demo, 'manager');
  await page.goto('/workflow-dashboard');
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  await skipToMain(page);

  // The Show filter, as a listbox: opened, moved through and chosen with the keys.
  const show = page.getByRole('combobox', { name: 'Show' });
  await tabTo(page, show);
  await page.keyboard.press('Enter');
  // Each key waits for the highlight a person would see: a key pressed before the listbox has taken the focus
  // lands on the button under it (CI at a load of 10 chose nothing).
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect(page.getByRole('option', { name: 'Every open job' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Overdue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/workflow-dashboard\?view=overdue$/);
  await expect(show).toBeFocused();
  await expect(show).toHaveText('Overdue');
  // The board keeps every open job on screen until the overdue ones arrive.
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');

  const late = page.getByRole('article').first();
  await expect(late).toBeVisible();
  const number = ((await late.getAttribute('aria-label')) ?? '').split(',')[0] ?? '';
  const job = page.getByRole('article', { name: new RegExp(`^${number},`) });

  // More › Mark rush: the menu opens on its first item, and the focus comes back to its button.
  const more = job.getByRole('button', { name: `More for ${number}` });
  await tabTo(page, more);
  await page.keyboard.press('Enter');
  const rush = page.getByRole('menuitem', { name: /rush$/ });
  await expect(rush).toBeFocused();
  const wasRush = (await rush.textContent()) === 'No longer rush';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(more).toBeFocused();
  await expect(job.locator('[data-job-state="rush"]')).toHaveCount(wasRush ? 0 : 1);

  // Assign: a person chosen with the arrow keys.
  const assign = job.getByRole('button', { name: new RegExp(`^(Assign|Reassign) ${number}$`) });
  await tabTo(page, assign, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(job.getByRole('button', { name: `Reassign ${number}` })).toBeFocused();

  // Select it with the space bar: the bar of the selection appears.
  await tabTo(page, job.getByRole('checkbox', { name: `Select ${number}` }), { back: true });
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: 'Selected jobs' })).toBeVisible();
  await context.close();
});

const DIALOGS = [
  { screen: '/settings/tv-displays', trigger: 'Pair a TV', dialog: 'Pair a TV' },
  { screen: '/settings/users', trigger: 'Invite user', dialog: 'Invite a user' },
] as const;

test('dialogs open from the keyboard, keep the focus inside, close with Escape and give it back', async ({
  browser,
  demo,
}) => {
  const { context, page } = await contextAs(browser, demo, 'admin');
  const department = demo.workshop.departments.find((entry) => entry.stations.length > 0);
  const station = department?.stations[0];
  const table = [
    ...DIALOGS,
    {
      screen: `/departments/${department?.id}/stations/${station?.id}`,
      trigger: 'Kiosk',
      dialog: `Kiosk: ${station?.name}`,
    },
  ];
  for (const { screen, trigger, dialog } of table) {
    await page.goto(screen);
    const button = page.getByRole('button', { name: trigger, exact: true });
    await expect(button).toBeVisible();
    await skipToMain(page);
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const opened = page.getByRole('dialog', { name: dialog });
    await expect(opened).toBeVisible();
    // The focus is inside, and Tab keeps it there.
    for (let presses = 0; presses < 8; presses += 1) {
      expect(await opened.evaluate((element) => element.contains(document.activeElement)), screen).toBe(true);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
    await expect(button, `${screen}: focus back on ${trigger}`).toBeFocused();
  }
  await context.close();
});

test('the assistant is asked, answers and acts from the keyboard, its confirmation giving the focus back', async ({
  browser,
  demo,
}) => {
  const admin = await LoupeClient.signIn(demo.url, ADMIN.email, ADMIN.password);
  const board = await admin.data<TWorkflowBoard>('GET', '/workflow/board?kind=order');
  const job = board.columns
    .flatMap((column) => column.jobs)
    .find((card) => card.assignment === null && card.location !== null && !card.workflow.isComplete);
  if (!job) throw new Error('the demo workshop has no unassigned order in the workshop');

  const { context, page } = await contextAs(browser, demo, 'admin');
  await page.goto('/jbh-ai-v2');
  const question = page.getByRole('textbox', { name: 'Your question' });
  await tabTo(page, question);
  await page.keyboard.type(`where is ${job.number}?`);
  await tabTo(page, page.getByRole('button', { name: 'Ask' }));
  await page.keyboard.press('Enter');
  const answer = page.getByTestId('assistant-answer').last();
  await expect(answer).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });

  const act = answer.getByRole('button', { name: new RegExp(`^Assign ${job.number} `) });
  await tabTo(page, act);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: new RegExp(`^Assign ${job.number} `) });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(act).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Yes, do it' }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Assigned.', { exact: true })).toBeVisible();
  await context.close();
});
