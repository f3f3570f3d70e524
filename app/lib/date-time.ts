// Ghana's time (GMT all year): what a client in Ghana reads on the page and on a printed receipt.
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Africa/Accra",
  timeZoneName: "short",
});

/**
 * "21 November 2026 at 15:16 GMT". Format on the server and pass the text down: browsers' ICU data
 * may word it differently, which would make the hydrated page differ from the server's.
 */
export function formatOrderDateTime(isoDate: string | Date): string {
  return dateTimeFormat.format(typeof isoDate === "string" ? new Date(isoDate) : isoDate);
}
