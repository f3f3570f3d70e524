import { ArrowDown, ArrowUp } from "lucide-react";
import { useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { requireAdminPage } from "~/features/admin/admin-access.server";
import { platformLabel } from "~/features/admin/admin-display";
import { adminLoad } from "~/features/admin/admin-form.server";
import { ActionButton, AdminCard, AdminPageHeader, FailureBanner, NoticeBanner } from "~/features/admin/admin-ui";
import { ServiceForm } from "~/features/catalog/service-form";
import { servicesPageAction } from "~/features/admin/services-page.server";
import { kindLabels } from "~/features/catalog/catalog";
import { type AdminServiceView, listServicesForAdmin } from "~/features/catalog/services.server";
import type { Route } from "./+types/admin.services";

export function meta() {
  return [{ title: "Services | Admin | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, url);
  const services = await adminLoad(listServicesForAdmin(admin));
  const editId = url.searchParams.get("edit");
  return { services, editing: editId ? (services.find((service) => service.id === editId) ?? null) : null, editMissing: Boolean(editId) && !services.some((service) => service.id === editId) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return servicesPageAction(request, url);
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const linkClass = "font-medium text-primary underline underline-offset-4 hover:decoration-2";

export default function AdminServices({ loaderData, actionData }: Route.ComponentProps) {
  const { services, editing, editMissing } = loaderData;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const isSubmitting = navigation.state === "submitting";
  // A new form after each saved service (the notice changes), so a created service's values do not stay typed in.
  const createKey = `${searchParams.get("notice") ?? ""}:${searchParams.get("target") ?? ""}`;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Services"
        description="What the store sells and at what price. A change applies to new orders at once; an order keeps the price and reward it was bought at. A disabled service takes no new orders, and its orders go on."
      />
      <NoticeBanner />
      <FailureBanner failure={actionData?.failure} />

      {editing ? (
        <AdminCard labelledBy="edit-service-heading" className="scroll-mt-24">
          <div id="edit-service" className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="edit-service-heading" className="text-lg font-bold">
              Edit {editing.name} <span className="font-mono text-sm font-normal text-muted-foreground">({editing.id})</span>
            </h2>
            <Link to="/admin/services" className={linkClass}>
              Stop editing
            </Link>
          </div>
          <div className="mt-4">
            <ServiceForm key={editing.id} id="edit-service" service={editing} lastResult={actionData?.form === "edit-service" ? actionData.submission : null} isSubmitting={isSubmitting} />
          </div>
        </AdminCard>
      ) : editMissing ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
          There is no service with that id. Choose one from the table.
        </p>
      ) : null}

      <section aria-labelledby="services-heading" className="grid gap-3">
        <h2 id="services-heading" className="text-lg font-bold">
          All services ({services.length})
        </h2>
        <ServicesTable services={services} />
      </section>

      <AdminCard labelledBy="create-service-heading">
        <h2 id="create-service-heading" className="text-lg font-bold">
          New service
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">It goes last among its platform's services; move it up the table afterwards.</p>
        <div className="mt-4">
          <ServiceForm key={createKey} id="create-service" lastResult={actionData?.form === "create-service" ? actionData.submission : null} isSubmitting={isSubmitting} />
        </div>
      </AdminCard>
    </div>
  );
}

function ServicesTable({ services }: { services: AdminServiceView[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <caption className="sr-only">Every service, by platform and position, with its actions</caption>
        <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">Platform</th>
            <th scope="col" className="px-3 py-2">Kind</th>
            <th scope="col" className="px-3 py-2">Target</th>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2 text-right">Price per unit</th>
            <th scope="col" className="px-3 py-2 text-right">Reward</th>
            <th scope="col" className="px-3 py-2 text-right">Min–max</th>
            <th scope="col" className="px-3 py-2 text-right">Refill days</th>
            <th scope="col" className="px-3 py-2">Drip-feed</th>
            <th scope="col" className="px-3 py-2">Cancel</th>
            <th scope="col" className="px-3 py-2">Active</th>
            <th scope="col" className="px-3 py-2 text-right">Position</th>
            <th scope="col" className="px-3 py-2">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {services.map((service, index) => {
            const samePlatform = (other: AdminServiceView | undefined) => other?.platform === service.platform;
            const canMoveUp = samePlatform(services[index - 1]);
            const canMoveDown = samePlatform(services[index + 1]);
            return (
              <tr key={service.id} className={service.active ? undefined : "bg-muted/40 text-muted-foreground"}>
                <td className="px-3 py-2 whitespace-nowrap">{platformLabel(service.platform)}</td>
                <td className="px-3 py-2">{kindLabels[service.kind]}</td>
                <td className="px-3 py-2">{service.target === "profile" ? "Profile" : "Post"}</td>
                <th scope="row" className="min-w-36 px-3 py-2 font-medium text-foreground">
                  {service.name}
                  <span className="block font-mono text-xs font-normal text-muted-foreground">{service.id}</span>
                </th>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">₵{service.unitPrice}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">₵{service.workerReward}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {service.min.toLocaleString("en-US")}–{service.max.toLocaleString("en-US")}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{service.refillDays}</td>
                <td className="px-3 py-2">{yesNo(service.dripFeed)}</td>
                <td className="px-3 py-2">{yesNo(service.cancel)}</td>
                <td className="px-3 py-2 font-medium">{service.active ? "Active" : "Disabled"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{service.position}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-nowrap gap-1">
                    <Link to={`/admin/services?edit=${encodeURIComponent(service.id)}#edit-service`} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={`Edit ${service.name} (${service.id})`}>
                      Edit
                    </Link>
                    <ActionButton intent={service.active ? "disable" : "enable"} id={service.id} label={`${service.active ? "Disable" : "Enable"} ${service.name} (${service.id})`}>
                      {service.active ? "Disable" : "Enable"}
                    </ActionButton>
                    {canMoveUp ? (
                      <ActionButton intent="up" id={service.id} label={`Move ${service.name} (${service.id}) up`}>
                        <ArrowUp aria-hidden="true" />
                      </ActionButton>
                    ) : null}
                    {canMoveDown ? (
                      <ActionButton intent="down" id={service.id} label={`Move ${service.name} (${service.id}) down`}>
                        <ArrowDown aria-hidden="true" />
                      </ActionButton>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
