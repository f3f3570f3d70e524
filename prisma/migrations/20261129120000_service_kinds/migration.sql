-- Issue #50: the catalogue sells subscribers (YouTube's followers) and comments too. A value added to
-- an enum cannot be used in the transaction that adds it, hence a migration of its own.
ALTER TYPE "engagement_type" ADD VALUE 'subscribers';
ALTER TYPE "engagement_type" ADD VALUE 'comments';
