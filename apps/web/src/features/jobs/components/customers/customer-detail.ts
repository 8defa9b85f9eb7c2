/** How a customer reads in a picker: the name, then how to reach them. */
export function customerDetail(customer: { phone: string | null; email: string | null }): string {
  return [customer.phone, customer.email].filter(Boolean).join(' · ');
}
