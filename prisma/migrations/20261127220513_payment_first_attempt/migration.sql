-- Payment.attempts counts payment attempts with the order's own first one (支付次数): orders placed before
-- counted only the 继续支付 that followed, so a recharge paid at once showed 0.
UPDATE "Payment" SET "attempts" = "attempts" + 1, "lastAttemptTime" = COALESCE("lastAttemptTime", "creationTime");
