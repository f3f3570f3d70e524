import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../server/testing/in-process-server";
import { Api, adminToken, signUp, startSecurityServer } from "../../server/security/helpers";

/*
 * /api/v2 called by PHP as panel software calls its providers (issue #51), through Debian's php-cli
 * and php-curl (scripts/test.sh installs them): the provider class SMM panels publish and copy, which
 * posts `name=urlencode(value)` pairs joined by `&`; curl given an array of fields, which posts
 * multipart/form-data; and a GET with the query string, as a panel's service-edit page loads services.
 */

const php = promisify(execFile);
const hasPhp = await php("php", ["-r", "exit(function_exists('curl_init') ? 0 : 1);"]).then(
  () => true,
  () => false,
);

/** The provider class as panels publish it, and the two other ways panels call. */
const panelClient = String.raw`<?php
class Api
{
    public $api_url;
    public $api_key;

    public function __construct($api_url, $api_key) { $this->api_url = $api_url; $this->api_key = $api_key; }

    public function order($data) { // add order
        $post = array_merge(array('key' => $this->api_key, 'action' => 'add'), $data);
        return json_decode($this->connect($post), true);
    }

    public function multiStatus($order_ids) {
        return json_decode($this->connect(array('key' => $this->api_key, 'action' => 'status', 'orders' => implode(",", (array)$order_ids))), true);
    }

    public function cancel(array $orderIds) {
        return json_decode($this->connect(array('key' => $this->api_key, 'action' => 'cancel', 'orders' => implode(',', $orderIds))), true);
    }

    public function balance() {
        return json_decode($this->connect(array('key' => $this->api_key, 'action' => 'balance')), true);
    }

    private function connect($post) {
        $_post = array();
        if (is_array($post)) {
            foreach ($post as $name => $value) {
                $_post[] = $name.'='.urlencode($value);
            }
        }
        $ch = curl_init($this->api_url);
        curl_setopt($ch, CURLOPT_RETURNTRANSFER, 1);
        curl_setopt($ch, CURLOPT_POST, 1);
        curl_setopt($ch, CURLOPT_HEADER, 0);
        if (is_array($post)) {
            curl_setopt($ch, CURLOPT_POSTFIELDS, join('&', $_post));
        }
        curl_setopt($ch, CURLOPT_USERAGENT, 'Mozilla/4.0 (compatible; MSIE 5.01; Windows NT 5.0)');
        $result = curl_exec($ch);
        if (curl_errno($ch) != 0 && empty($result)) {
            $result = false;
        }
        curl_close($ch);
        return $result;
    }
}

/** curl with an array of fields: a multipart/form-data post. */
function multipart($url, array $fields) {
    $ch = curl_init($url);
    curl_setopt_array($ch, array(CURLOPT_RETURNTRANSFER => true, CURLOPT_POST => true, CURLOPT_POSTFIELDS => $fields));
    $result = curl_exec($ch);
    curl_close($ch);
    return json_decode($result, true);
}

[$script, $url, $key] = $argv;
$api = new Api($url, $key);
$answers = array();
// The service-edit page: a GET with the query string.
$services = json_decode(file_get_contents($url . '?' . http_build_query(array('key' => $key, 'action' => 'services'))), true);
$answers['services'] = array_slice($services, 0, 1);
// An order with every optional field sent, empty, as panels do.
$order = $api->order(array('service' => 1, 'link' => 'https://www.instagram.com/php.panel/', 'quantity' => 100, 'runs' => '', 'interval' => '', 'comments' => ''));
$answers['order'] = $order;
$drip = $api->order(array('service' => 1, 'link' => '@php.drip', 'quantity' => 50, 'runs' => 2, 'interval' => 30));
$answers['multipart'] = multipart($url . '/', array('key' => $key, 'action' => 'add', 'service' => '2', 'link' => 'https://www.tiktok.com/@php.multipart', 'quantity' => '50'));
$answers['cancel'] = $api->cancel(array($order['order']));
$answers['status'] = $api->multiStatus(array($order['order'], $drip['order'], 999999));
$answers['balance'] = $api->balance();
echo json_encode(array('answers' => $answers, 'drip' => $drip['order']));
`;

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startSecurityServer();
  api = Api.of(server);
});
afterAll(async () => {
  await server?.stop();
});

describe.skipIf(!hasPhp)("/api/v2 from PHP, as panel software calls it", () => {
  it("imports the services by GET, orders with blank optional fields, multipart to /api/v2/, cancels, multi-status and balance", async () => {
    const admin = await adminToken(api);
    const client = await signUp(api, "client");
    const funded = await api.post(`/api/admin/users/${client.id}/wallet-adjustments`, { amount: 500, reason: "Reseller deposit by bank transfer" }, { token: admin });
    expect(funded.status, funded.text).toBe(201);
    const key = (await api.post("/api/keys", { name: "PHP panel", password: client.password }, { token: client.token })).json.key as string;

    const script = path.join(await mkdtemp(path.join(tmpdir(), "php-panel-")), "panel.php");
    await writeFile(script, panelClient);
    const { stdout } = await php("php", [script, `${server.url}/api/v2`, key]);
    const { answers, drip } = JSON.parse(stdout) as { answers: Record<string, unknown>; drip: number };
    const order = (answers.order as { order: number }).order;
    expect(answers).toEqual({
      services: [{ service: 1, name: "Instagram Followers", type: "Default", category: "Instagram Followers", rate: "1500.00", min: 50, max: 100000, refill: true, cancel: true, dripfeed: true }],
      order: { order: expect.any(Number) },
      multipart: { order: expect.any(Number) },
      cancel: [{ order, cancel: 1 }],
      status: {
        [order]: { charge: "0.00", start_count: "0", status: "Canceled", remains: "100", currency: "GHS" },
        [drip]: expect.objectContaining({ charge: "150.00", status: "Processing", remains: "100", runs: "2", runs_opened: "1" }),
        999999: { error: "Incorrect order ID" },
      },
      // 500 - 150 (cancelled, refunded) - 150 (drip-feed) - 75 (multipart) + 150 back.
      balance: { balance: "275.00", currency: "GHS" },
    });
  });
});
