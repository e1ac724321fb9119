-- The renovation plan kept with the owner's profile (bff/src/energy/README.md "Plans").
ALTER TABLE "building_profiles" ADD COLUMN "plan" jsonb;