-- AlterEnum: the charge steps beyond PIN, OTP and phone, and Paystack's "abandoned" that is not final yet
ALTER TYPE "payment_attempt_status" ADD VALUE 'send_birthday' BEFORE 'success';
ALTER TYPE "payment_attempt_status" ADD VALUE 'send_address' BEFORE 'success';
ALTER TYPE "payment_attempt_status" ADD VALUE 'open_url' BEFORE 'success';
ALTER TYPE "payment_attempt_status" ADD VALUE 'not_completed' BEFORE 'success';
