-- Rate-limit counters shared by every BFF instance (bff/src/http/rate-limit-store.ts); ended windows are swept.
CREATE TABLE "rate_limit_hits" (
	"limiter" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_hits_limiter_key_pk" PRIMARY KEY("limiter","key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset" ON "rate_limit_hits" USING btree ("reset_at");
