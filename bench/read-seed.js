// The data set of `npm run bench -- api-reads`, written with SQL (100,000 orders through the HTTP API
// would take hours): 100,000 orders over ~347 days, 1,000 of them the measured client's (every
// 100th), the rest spread over 199 other clients. Rows follow the app's rules: catalogue prices in
// pesewas with the 1.7 % fee, target URLs as targetUrlFor builds them, statuses by age — the newest
// 1,200 orders are 1,000 paid `processing` orders with an open task and 200 unpaid ones (`pending`
// while under a day old, expired after); older orders are completed (paid, task completed), partial
// (paid, half delivered, task cancelled), cancelled (unpaid) or abandoned checkouts, expired as the
// app's expiry job leaves them (cancelled, unpaid, `expired_at` a day after placing). Written
// pending, they would all be due, and the job expiring them during the load would count as the reads'. Every paid order has a
// successful card payment attempt and one task. 100 other workers have done 10 actions on each
// open task (10,000 task_completions), so "not done before" has rows to look through.
// The same SQL runs on PostgreSQL and PGlite.

export const seedSize = { orders: 100_000, measuredClientOrders: 1_000, otherClients: 199, openTasks: 1_000, otherWorkers: 100, completionsPerOpenTask: 10 };

/** Statements to run in order; `clientId`/`workerId` are the users registered through the API. */
export function readSeedStatements({ clientId }) {
  const { orders, otherClients, otherWorkers } = seedSize;
  const newest = 1_200; // the newest orders: g % 6 = 0 unpaid (200), the rest processing (1,000)
  const underADay = 276; // orders placed 5 minutes apart in the last 23 hours: not yet due to expire (UNPAID_ORDER_EXPIRY_HOURS, 24)
  return [
    // Other users: password hashes that match no password (they never sign in).
    `INSERT INTO users (email, username, username_lower, full_name, role, status, password_hash, platforms, created_at, updated_at)
     SELECT 'seed-client-' || n || '@example.com', 'seed_client_' || n, 'seed_client_' || n, 'Seed Client ' || n, 'client', 'active', 'seed-no-login', ARRAY[]::text[],
            now() - interval '400 days' + n * interval '1 hour', now() - interval '400 days' + n * interval '1 hour'
     FROM generate_series(1, ${otherClients}) AS n`,
    `INSERT INTO users (email, username, username_lower, full_name, role, status, password_hash, platforms, created_at, updated_at)
     SELECT 'seed-worker-' || n || '@example.com', 'seed_worker_' || n, 'seed_worker_' || n, 'Seed Worker ' || n, 'worker', 'active', 'seed-no-login', ARRAY['instagram','tiktok','youtube'],
            now() - interval '390 days', now() - interval '390 days'
     FROM generate_series(1, ${otherWorkers}) AS n`,
    `INSERT INTO worker_handles (worker_id, platform, handle, created_at, updated_at)
     SELECT u.id, p.platform::platform, 'seed_handle_' || u.id, u.created_at, u.created_at
     FROM users u CROSS JOIN (VALUES ('instagram'), ('tiktok'), ('youtube')) AS p(platform)
     WHERE u.email LIKE 'seed-worker-%'`,
    `INSERT INTO orders (client_id, package_id, package_name, platform, service_type, quantity, delivered_quantity, target_username, target_url,
                         price_minor, reward_minor, fee_minor, total_minor, currency, status, payment_status, paid_at, completed_at, cancelled_at, expired_at, created_at, updated_at)
     SELECT client_id, 'custom-' || platform,
            to_char(quantity, 'FM999,999') || CASE WHEN platform = 'youtube' THEN ' Subscribers' ELSE ' Followers' END,
            platform::platform, 'followers', quantity,
            CASE kind WHEN 'completed' THEN quantity WHEN 'partial' THEN quantity / 2 ELSE 0 END,
            '@' || target,
            CASE platform WHEN 'instagram' THEN 'https://www.instagram.com/' || target WHEN 'tiktok' THEN 'https://www.tiktok.com/@' || target ELSE 'https://www.youtube.com/@' || target END,
            price, quantity * 45, (price * 17 + 500) / 1000, price + (price * 17 + 500) / 1000, 'GHS',
            (CASE kind WHEN 'open' THEN 'processing' WHEN 'new' THEN 'pending' WHEN 'expired' THEN 'cancelled' ELSE kind END)::order_status,
            (CASE WHEN kind IN ('open', 'completed', 'partial') THEN 'paid' ELSE 'unpaid' END)::order_payment_status,
            CASE WHEN kind IN ('open', 'completed', 'partial') THEN created + interval '3 minutes' END,
            CASE WHEN kind IN ('completed', 'partial') THEN created + interval '2 days' END,
            CASE kind WHEN 'cancelled' THEN created + interval '1 hour' WHEN 'expired' THEN created + interval '1 day' END,
            CASE WHEN kind = 'expired' THEN created + interval '1 day' END,
            created, created + CASE kind WHEN 'completed' THEN interval '2 days' WHEN 'partial' THEN interval '2 days' WHEN 'expired' THEN interval '1 day' ELSE interval '3 minutes' END
     FROM (
       SELECT g,
              CASE WHEN g % 100 = 0 THEN ${clientId} ELSE (SELECT min(id) FROM users WHERE email LIKE 'seed-client-%') + g % ${otherClients} END AS client_id,
              (ARRAY['instagram', 'tiktok', 'youtube'])[g % 3 + 1] AS platform,
              (ARRAY[50, 100, 250, 500, 1000, 2500, 5000, 10000])[(g * 7) % 8 + 1] AS quantity,
              (CASE WHEN g % 3 = 2 THEN 200 ELSE 150 END) * (ARRAY[50, 100, 250, 500, 1000, 2500, 5000, 10000])[(g * 7) % 8 + 1] AS price,
              'seed_target_' || g AS target,
              date_trunc('milliseconds', now()) - (${orders} - g) * interval '5 minutes' AS created,
              CASE
                WHEN g > ${orders - newest} THEN CASE WHEN g % 6 <> 0 THEN 'open' WHEN g > ${orders - underADay} THEN 'new' ELSE 'expired' END
                WHEN g % 20 = 0 THEN 'cancelled'
                WHEN g % 20 = 1 THEN 'partial'
                WHEN g % 20 IN (2, 3) THEN 'expired'
                ELSE 'completed'
              END AS kind
       FROM generate_series(1, ${orders}) AS g
     ) AS generated
     ORDER BY g`,
    `INSERT INTO payment_attempts (order_id, reference, channel, amount_minor, currency, status, gateway_response, payer_email, paid_at, check_count, next_check_at, last_checked_at, created_at, updated_at)
     SELECT o.id, 'seed_' || o.id, 'card', o.total_minor, o.currency, 'success', 'Approved', 'seed@example.com', o.paid_at, 1, o.paid_at, o.paid_at, o.paid_at - interval '1 minute', o.paid_at
     FROM orders o WHERE o.payment_status = 'paid'`,
    `INSERT INTO tasks (order_id, platform, type, target_url, reward_minor, currency, required_completions, completion_count, status, created_at, updated_at, completed_at)
     SELECT o.id, o.platform, o.service_type, o.target_url, CASE o.platform WHEN 'youtube' THEN 60 ELSE 45 END, o.currency, o.quantity, o.delivered_quantity,
            (CASE o.status WHEN 'processing' THEN 'available' WHEN 'completed' THEN 'completed' ELSE 'cancelled' END)::task_status,
            o.paid_at, coalesce(o.completed_at, o.paid_at), CASE WHEN o.status = 'completed' THEN o.completed_at END
     FROM orders o WHERE o.payment_status = 'paid' ORDER BY o.id`,
    // 10 of the 100 other workers on each open task: worker w on task t when (t + w) % 10 = 0.
    `INSERT INTO task_completions (task_id, worker_id, reward_minor, currency, target_url, type, platform, handle, review, hold_until, completed_at)
     SELECT t.id, h.worker_id, t.reward_minor, t.currency, t.target_url, t.type, t.platform, h.handle, 'held', t.created_at + interval '3 days', t.created_at + interval '1 hour'
     FROM tasks t JOIN worker_handles h ON h.platform = t.platform AND h.handle LIKE 'seed_handle_%'
     WHERE t.status = 'available' AND (t.id + h.worker_id) % 10 = 0`,
    `UPDATE tasks t SET completion_count = c.count FROM (SELECT task_id, count(*)::int AS count FROM task_completions GROUP BY task_id) c WHERE c.task_id = t.id`,
    `UPDATE orders o SET delivered_quantity = t.completion_count FROM tasks t WHERE t.order_id = o.id AND t.status = 'available'`,
    // A production database has planner statistics (autovacuum); a freshly loaded one needs them now.
    // Vacuumed too: else autovacuum, set off by the seed's 100,000 inserts and updates, may run during
    // the measurements, and every postgres process's CPU counts as the requests'.
    "VACUUM ANALYZE",
  ];
}

/** What the seed left, checked before measuring (a wrong seed would make the figures meaningless). */
export async function describeSeed(query, { clientId }) {
  const one = async (sql, parameters = []) => Number(Object.values((await query(sql, parameters)).rows[0])[0]);
  return {
    orders: await one("SELECT count(*) FROM orders"),
    measuredClientOrders: await one("SELECT count(*) FROM orders WHERE client_id = $1", [clientId]),
    openTasks: await one("SELECT count(*) FROM tasks WHERE status = 'available'"),
    tasks: await one("SELECT count(*) FROM tasks"),
    taskCompletions: await one("SELECT count(*) FROM task_completions"),
    successfulPayments: await one("SELECT count(*) FROM payment_attempts WHERE status = 'success'"),
    users: await one("SELECT count(*) FROM users"),
  };
}
