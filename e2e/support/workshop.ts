import type { Page } from '@playwright/test';
import type { LoupeApi } from './api';

/** The envelope of a /api/v1 answer. */
export type TData<T> = { data: T };

/** A new department with one station, set up through the API for a test. */
export async function createStation(
  api: LoupeApi,
  names: { readonly department: string; readonly station: string; readonly jewelerName?: string },
): Promise<{ departmentId: string; stationId: string }> {
  const { department: departmentName, station: name, ...stationFields } = names;
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: departmentName,
  });
  const station = await api.request<TData<{ id: string }>>(
    'POST',
    `/departments/${department.data.id}/stations`,
    { name, ...stationFields },
  );
  return { departmentId: department.data.id, stationId: station.data.id };
}

/** The theme the web app stores (its ThemeProvider's key), set before the page is loaded again. */
export async function paintTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [
    'admin-ui-theme',
    theme,
  ] as const);
  await page.reload();
}
