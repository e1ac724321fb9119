-- Release tokens (a remote's team releases from its own CI; only the hash is kept), and EPC documents whose bytes are in the object store.
CREATE TABLE "release_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_by" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "epc_documents" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "release_tokens_hash" ON "release_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "release_tokens_remote" ON "release_tokens" USING btree ("remote");