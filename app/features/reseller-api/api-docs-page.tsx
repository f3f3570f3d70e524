import { Fragment } from "react";
import { Link } from "~/components/link";
import { ContentPage } from "~/components/content-page";
import { CodeBlock, curlExample, curlJsonExample, exampleKey, jsonExample, phpExample, pythonExample } from "./api-docs-code";
import { type ApiV2Action, apiV2Actions, apiV2Currency, apiV2Errors, apiV2Path, maximumOrdersPerRequest } from "./api-v2-contract";
import { cell, headerCell, InlineCode, PanelSoftwareSection, tableFrame, Transports } from "./api-docs-transport";
import { describeActions, type Example, type Parameter } from "./api-docs-actions";
import { type ApiDocsPageProps } from "./api-docs-catalogue";
import { apiV2ErrorNames, apiV2ErrorText, describeErrors } from "./api-docs-errors";
import { exampleStory } from "./api-docs-examples";

/*
 * The public /api-docs page. Every name, message and number it shows comes from api-v2-contract.ts,
 * the module the API's handler answers from, and its services from the catalogue the API sells
 * (the route's loader, apiDocsCatalogue), so the page cannot drift from the API. Record types make
 * the typecheck fail when the contract gains an action (api-docs-actions.tsx), an error
 * (api-docs-errors.tsx) or a status (api-docs-transport.tsx) this page does not explain.
 */

export { apiDocsCatalogue, type ApiDocsPageProps } from "./api-docs-catalogue";
export { exampleOrderOf } from "./api-docs-examples";
export { apiV2ErrorText } from "./api-docs-errors";

function ParameterTable({ action, parameters }: { action: ApiV2Action; parameters: Parameter[] }) {
  return (
    <div className={tableFrame}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Parameters of {action}</caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className={headerCell}>Parameter</th>
            <th scope="col" className={headerCell}>Value</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {parameters.map((parameter) => (
            <tr key={parameter.name}>
              <th scope="row" className={`${cell} font-normal`}>
                <span className="font-mono font-semibold">{parameter.name}</span>
                <span className="block text-xs text-muted-foreground">{parameter.isRequired ? "required" : "optional"}</span>
              </th>
              <td className={cell}>{parameter.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ExampleBlock({ id, url, example }: { id: string; url: string; example: Example }) {
  const samples = [
    { language: "curl", code: curlExample(url, example.parameters) },
    { language: "PHP", code: phpExample(url, example.parameters) },
    { language: "Python", code: pythonExample(url, example.parameters) },
    { language: "Response", code: jsonExample(example.answer) },
  ];
  return (
    <div>
      <h3 id={id} className="mt-8 text-lg font-semibold">
        {example.title ? `Example: ${example.title.toLowerCase()}` : "Example"}
      </h3>
      {samples.map(({ language, code }) => (
        <Fragment key={language}>
          <h4 className="mt-4 text-sm font-semibold">{language}</h4>
          <CodeBlock code={code} />
        </Fragment>
      ))}
    </div>
  );
}

export function ApiDocsPage(props: ApiDocsPageProps) {
  const url = `${props.baseUrl}${apiV2Path}`;
  const actions = describeActions(props);
  const errors = describeErrors(props);
  const contents = [
    { id: "getting-started", title: "Getting started" },
    ...apiV2Actions.map((action) => ({ id: action, title: `${action}: ${actions[action].summary}` })),
    { id: "errors", title: "Errors" },
    { id: "rate-limits", title: "Rate limits" },
    { id: "panel-software", title: "Works with panel software" },
  ];

  return (
    <ContentPage
      eyebrow="Developers"
      title="Reseller API"
      lead={
        <p>
          Place and follow orders from your own panel or software. The API speaks the "API v2" that SMM panel software uses for its
          providers: one address, your key and an action, JSON answers.
        </p>
      }
    >
      <nav aria-labelledby="api-docs-contents" className="rounded-lg border bg-card p-5 text-sm">
        <h2 id="api-docs-contents" className="text-base! font-semibold">
          Contents
        </h2>
        <ol className="mt-2 list-decimal gap-x-8 pl-5 sm:columns-2 [&_li]:mt-0! [&_li]:break-inside-avoid [&_li]:pb-1.5">
          {contents.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="getting-started" aria-labelledby="getting-started-heading" className="scroll-mt-24">
        <h2 id="getting-started-heading">Getting started</h2>
        <Transports url={url}>
          <li>
            <InlineCode>key</InlineCode> is your API key: create it on your <Link to="/profile">profile</Link> under "API access" (client
            accounts), with your account's password. It looks like <InlineCode>smb_…</InlineCode> and is shown only once; keep it secret, and
            revoke it there if it leaks. We e-mail you about every new key. Changing or resetting your password, and "Sign out everywhere",
            revoke every key of the account: create a new one afterwards and put it in your software.
          </li>
          <li>
            <InlineCode>action</InlineCode> is one of {apiV2Actions.map((action, index) => (
              <Fragment key={action}>
                {index > 0 ? ", " : null}
                <a href={`#${action}`}>{action}</a>
              </Fragment>
            ))}
            .
          </li>
          <li>
            Orders are paid from your balance, in {apiV2Currency}: top it up by card or mobile money on the <Link to="/wallet">wallet</Link>{" "}
            page.
          </li>
          <li>
            Amounts are strings with two decimals, such as <InlineCode>"{exampleStory(props.services).instagram.rate}"</InlineCode>. Errors are{" "}
            <InlineCode>{`{ "error": "…" }`}</InlineCode>: check for <InlineCode>error</InlineCode> first (<a href="#errors">errors</a>).
          </li>
        </Transports>
        <h3 className="mt-8 text-lg font-semibold">A call with a JSON body</h3>
        <CodeBlock code={curlJsonExample(url, { key: exampleKey, action: "balance" })} />
      </section>

      {apiV2Actions.map((action) => {
        const doc = actions[action];
        return (
          <section key={action} id={action} aria-labelledby={`${action}-heading`} className="scroll-mt-24">
            <h2 id={`${action}-heading`}>
              <code className="font-mono">{action}</code>: {doc.summary}
            </h2>
            {doc.intro}
            <h3 className="mt-8 text-lg font-semibold">Parameters</h3>
            <ParameterTable action={action} parameters={doc.parameters} />
            {doc.examples.map((example, index) => (
              <ExampleBlock key={index} id={`${action}-example-${index + 1}`} url={url} example={example} />
            ))}
            {doc.details}
          </section>
        );
      })}

      <section id="errors" aria-labelledby="errors-heading" className="scroll-mt-24">
        <h2 id="errors-heading">Errors</h2>
        <p>
          An error is answered as <InlineCode>{`{ "error": "<message>" }`}</InlineCode> with HTTP status 200, as panel software expects (the rate
          limit alone answers 429). A request answered with an error changes nothing and charges nothing.
        </p>
        <CodeBlock code={jsonExample({ error: apiV2Errors.invalidKey })} />
        <div className={tableFrame}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Error messages and when they are answered</caption>
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className={headerCell}>Message</th>
                <th scope="col" className={headerCell}>When</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {apiV2ErrorNames.map((name) => (
                <tr key={name}>
                  <th scope="row" className={`${cell} font-mono text-xs font-medium`}>{apiV2ErrorText(name)}</th>
                  <td className={cell}>{errors[name]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section id="rate-limits" aria-labelledby="rate-limits-heading" className="scroll-mt-24">
        <h2 id="rate-limits-heading">Rate limits</h2>
        <ul>
          <li>
            Each key may make {props.requestsPerMinute} requests per minute. Beyond that the API answers HTTP 429 with{" "}
            <InlineCode>{JSON.stringify({ error: apiV2Errors.rateLimited })}</InlineCode> and a <InlineCode>Retry-After</InlineCode> header: the
            seconds to wait before trying again.
          </li>
          <li>
            <a href="#status">status</a>, <a href="#cancel">cancel</a> and <a href="#refill">refill</a> take at most {maximumOrdersPerRequest} order ids per request, and <a href="#refill_status">refill_status</a> as many refill ids.
          </li>
        </ul>
      </section>

      <PanelSoftwareSection url={url} />
    </ContentPage>
  );
}
