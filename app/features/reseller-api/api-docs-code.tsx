import type { ApiV2Action } from "./api-v2-contract";

/**
 * The /api-docs request examples. Each action's parameters are written once and turned into curl,
 * PHP and Python here, so the three languages always send the same request.
 */

export type ExampleParameters = { key: string; action: ApiV2Action } & Record<string, string | number>;

/** What the examples send as `key`: readers paste their own (from /profile, "API access"). */
export const exampleKey = "YOUR_API_KEY";

/** A shell word: left bare when nothing in it means anything to the shell, else single-quoted. */
function shellWord(text: string): string {
  return /^[\w.,@:/=+-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** curl with a form-encoded body; values that need encoding (links, handles) go through --data-urlencode. */
export function curlExample(url: string, parameters: ExampleParameters): string {
  const options = Object.entries(parameters).map(([name, value]) => {
    const text = String(value);
    return `  ${/^[\w.,-]*$/.test(text) ? "-d" : "--data-urlencode"} ${shellWord(`${name}=${text}`)}`;
  });
  return [`curl ${shellWord(url)}`, ...options].join(" \\\n");
}

/** The same request with a JSON body, which the API accepts too. */
export function curlJsonExample(url: string, parameters: ExampleParameters): string {
  return [`curl ${shellWord(url)}`, "  -H 'Content-Type: application/json'", `  -d ${shellWord(JSON.stringify(parameters))}`].join(" \\\n");
}

const phpString = (text: string) => `'${text.replace(/[\\']/g, "\\$&")}'`;

/** PHP with its curl extension, the way panel scripts usually call providers. */
export function phpExample(url: string, parameters: ExampleParameters): string {
  return [
    "<?php",
    `$curl = curl_init(${phpString(url)});`,
    "curl_setopt_array($curl, [",
    "    CURLOPT_POST => true,",
    "    CURLOPT_RETURNTRANSFER => true,",
    "    CURLOPT_POSTFIELDS => http_build_query([",
    ...Object.entries(parameters).map(([name, value]) => `        ${phpString(name)} => ${typeof value === "number" ? value : phpString(value)},`),
    "    ]),",
    "]);",
    "$answer = json_decode(curl_exec($curl), true);",
    "curl_close($curl);",
    "print_r($answer);",
  ].join("\n");
}

/** Python with requests; a JSON string literal is a valid Python string literal. */
export function pythonExample(url: string, parameters: ExampleParameters): string {
  return [
    "import requests",
    "",
    `answer = requests.post(${JSON.stringify(url)}, data={`,
    ...Object.entries(parameters).map(([name, value]) => `    ${JSON.stringify(name)}: ${typeof value === "number" ? value : JSON.stringify(value)},`),
    "}).json()",
    "print(answer)",
  ].join("\n");
}

/** An answer as the API sends it, indented for reading. */
export const jsonExample = (answer: unknown) => JSON.stringify(answer, null, 2);

/**
 * A code sample. It scrolls sideways inside itself on a narrow screen instead of widening the page;
 * it is focusable so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function CodeBlock({ code }: { code: string }) {
  return (
    <pre tabIndex={0} className="mt-2 overflow-x-auto rounded-lg border bg-muted p-4 font-mono text-[0.8125rem] leading-6 focus-ring">
      <code>{code}</code>
    </pre>
  );
}
