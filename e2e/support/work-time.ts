import type { LoupeApi } from './api';
import type { TData } from './workshop';

type TTemplate = { id: string; kind: string; productTypeId: string | null };

const phase = (key: string, name: string, departmentIds: string[]) => ({
  key,
  name,
  departmentIds,
  targetHours: 8,
  completerRoles: ['production'],
  needsSignOff: false,
});

/**
 * Work time's browser tests (issue 37 §3): a bench department with a station, the first phase ("Stone
 * setting", then a quality check) of a product type's own workflow, and a tagged order of that type read
 * there. A workflow of its own: the default one is every other test's on the same server.
 */
export async function benchOrder(api: LoupeApi, suffix: string) {
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: `Bench ${suffix}`,
  });
  const station = await api.request<TData<{ id: string }>>(
    'POST',
    `/departments/${department.data.id}/stations`,
    { name: 'Bench 1', jewelerName: 'Rosa Quint' },
  );
  const productType = await api.request<TData<{ id: string }>>('POST', '/catalog/product-types', {
    name: `Bench work ${suffix}`,
  });
  const productTypeId = productType.data.id;
  const template = await api.request<TData<TTemplate>>('POST', '/workflow/templates', { productTypeId });
  const templateId = template.data.id;
  await api.request('PUT', `/workflow/templates/${templateId}`, {
    phases: [phase('bench', 'Stone setting', [department.data.id]), phase('qa', 'Quality check', [])],
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Imogen Hart ${suffix}`,
    phone: '+1 555 010 3321',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Emerald pendant, reset stone',
    productTypeId,
  });
  const epc = `E2801170${Date.now().toString(16).toUpperCase().padStart(16, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });
  await api.request('POST', '/tracking/orders/update-location', {
    orderId: order.data.id,
    epcCode: epc,
    departmentId: department.data.id,
    stationId: station.data.id,
  });
  return {
    ...order.data,
    departmentId: department.data.id,
    stationId: station.data.id,
    productTypeId,
    templateId,
  };
}

/** A production jeweller, invited, with the order's current step given to them. Returns how to sign in. */
export async function jewellerWithStep(api: LoupeApi, orderId: string, firstName: string, email: string) {
  const password = 'bench work every day';
  await api.inviteUser({ email, role: 'production', temporaryPassword: password, firstName });
  const people = await api.request<TData<{ id: string; name: string }[]>>('GET', '/workflow/people');
  const person = people.data.find((candidate) => candidate.name === `${firstName} Tester`);
  if (!person) throw new Error('the jeweller is not offered for assignments');
  await api.request('POST', '/workflow/assignments', {
    kind: 'order',
    itemId: orderId,
    assigneeId: person.id,
  });
  return { email, password, name: `${firstName} Tester` };
}

/**
 * The bench dashboard's browser test (issue 37 §1): around `benchOrder`'s bench, another piece waiting at it and
 * a rush order coming to it next, read in a casting department whose phase comes just before the bench's in
 * the bench product type's workflow (casting → Stone setting → quality check). Call it before the bench
 * order's step is given.
 */
export async function benchWorkAround(
  api: LoupeApi,
  suffix: string,
  bench: {
    readonly id: string;
    readonly departmentId: string;
    readonly stationId: string;
    readonly productTypeId: string;
    readonly templateId: string;
  },
) {
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: `Casting ${suffix}`,
  });
  const station = await api.request<TData<{ id: string }>>(
    'POST',
    `/departments/${department.data.id}/stations`,
    { name: 'Kiln', jewelerName: 'Otto Flame' },
  );
  await api.request('PUT', `/workflow/templates/${bench.templateId}`, {
    phases: [
      phase('bench-casting', 'Casting', [department.data.id]),
      phase('bench', 'Stone setting', [bench.departmentId]),
      phase('qa', 'Quality check', []),
    ],
  });
  // The bench order was in its workflow's first phase: it stays at the bench's.
  await api.request('POST', `/workflow/jobs/order/${bench.id}/advance`, { to: 'bench' });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Lucian Vale ${suffix}`,
    phone: '+1 555 010 4412',
  });
  let tags = 0;
  async function readAt(
    description: string,
    at: { departmentId: string; stationId: string },
    extra: Record<string, unknown>,
  ) {
    const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
      customerId: customer.data.id,
      description,
      productTypeId: bench.productTypeId,
      ...extra,
    });
    tags += 1;
    const epc = `E2801171${(Date.now() + tags).toString(16).toUpperCase().padStart(16, '0')}`;
    await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });
    await api.request('POST', '/tracking/orders/update-location', {
      orderId: order.data.id,
      epcCode: epc,
      ...at,
    });
    return order.data;
  }
  const waiting = await readAt('Sapphire ring, claws retipped', bench, {});
  const coming = await readAt(
    'Gold signet ring, cast',
    { departmentId: department.data.id, stationId: station.data.id },
    { isRush: true },
  );
  return { waiting, coming };
}
