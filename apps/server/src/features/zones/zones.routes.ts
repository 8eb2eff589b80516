import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZoneCreateSchema,
  ZoneListQuerySchema,
  ZoneListSchema,
  ZoneSchema,
  ZoneSearchQuerySchema,
  ZoneSuggestionsQuerySchema,
  ZoneUpdateSchema,
} from '@motema/shared/zones';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { sendServedFile, servedFileResponses } from '../../plugins/served-file-reply.ts';
import { presentZone, presentZoneList } from './zones.presenter.ts';
import {
  createZone,
  deleteZone,
  getZone,
  listMyZones,
  searchZones,
  openZoneCoverFile,
  suggestZones,
  updateZone,
  zoneCovers,
  type ZoneListed,
} from './zones.service.ts';
import type { ZoneContext } from './zone-access.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const ZoneParamsSchema = z.object({ id: z.string().describe('The zone') });
const notFound = 'zone_not_found: no such zone, or a private one asked by a visitor';
const refused = 'zone_not_allowed: the caller’s role does not allow this (decision 0041)';

/**
 * `private`, and revalidated on every use (`no-cache`): the file behind a cover's URL changes with the
 * cover (its ETag names the item), and a zone made private hides it from visitors.
 */
const COVER_CACHE_CONTROL = 'private, no-cache';
const CoverParamsSchema = ZoneParamsSchema.extend({ file: z.string().max(32) });

/** The zone as the caller sees it, with its cover's files (every route answering a zone). */
export async function presentZoneOf(db: DbOrTx, context: ZoneContext) {
  return presentZone(context, await zoneCovers(db, [context.zone]));
}

/** Zones (docs/zones.md): creating, reading, changing and deleting one, and the lists of the tab. */
export const zonesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const present = (context: ZoneContext) => presentZoneOf(db, context);
  const presentList = async (list: ZoneListed) =>
    presentZoneList(
      list,
      await zoneCovers(
        db,
        list.rows.map((row) => row.zone),
      ),
    );

  app.post(
    '/zones',
    {
      config: perMemberRateLimit('zone-create', 10, HOUR),
      schema: {
        body: ZoneCreateSchema,
        response: {
          201: ZoneSchema,
          ...apiErrors({
            400: 'validation_failed (zone_name_taken on `name`); media_not_found, media_failed: the cover',
            409: 'zones_limit_reached: the caller is in the most zones allowed; media_already_used',
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await present(await createZone(deps, memberOf(request).userId, request.body))),
  );

  app.get(
    '/zones/mine',
    { schema: { querystring: ZoneListQuerySchema, response: { 200: ZoneListSchema } } },
    async (request) => presentList(await listMyZones(db, memberOf(request).userId, request.query)),
  );

  app.get(
    '/zones/suggestions',
    { schema: { querystring: ZoneSuggestionsQuerySchema, response: { 200: ZoneListSchema } } },
    async (request) => presentList(await suggestZones(db, memberOf(request).userId, request.query)),
  );

  app.get(
    '/zones/search',
    {
      config: perMemberRateLimit('zone-search', 60, MINUTE),
      schema: { querystring: ZoneSearchQuerySchema, response: { 200: ZoneListSchema } },
    },
    async (request) =>
      presentList(await searchZones(db, memberOf(request).userId, request.query.q, request.query)),
  );

  app.get(
    '/zones/:id',
    { schema: { params: ZoneParamsSchema, response: { 200: ZoneSchema, ...apiErrors({ 404: notFound }) } } },
    async (request) => present(await getZone(db, request.auth?.userId ?? null, request.params.id)),
  );

  app.get(
    '/zones/:id/cover/:file',
    { schema: { params: CoverParamsSchema, response: servedFileResponses(['image/*']) } },
    async (request, reply) => {
      const served = await openZoneCoverFile(deps, {
        viewerId: request.auth?.userId ?? null,
        zoneId: request.params.id,
        fileName: request.params.file,
        range: request.headers.range,
        ifNoneMatch: request.headers['if-none-match'],
      });
      return sendServedFile(reply, served, COVER_CACHE_CONTROL);
    },
  );

  app.patch(
    '/zones/:id',
    {
      config: perMemberRateLimit('zone-update', 30, HOUR),
      schema: {
        params: ZoneParamsSchema,
        body: ZoneUpdateSchema,
        response: {
          200: ZoneSchema,
          ...apiErrors({ 400: 'validation_failed (zone_name_taken on `name`)', 403: refused, 404: notFound }),
        },
      },
    },
    async (request) =>
      present(await updateZone(deps, memberOf(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/zones/:id',
    {
      config: perMemberRateLimit('zone-delete', 10, HOUR),
      schema: {
        params: ZoneParamsSchema,
        response: { 204: noBody('Deleted'), ...apiErrors({ 403: refused, 404: notFound }) },
      },
    },
    async (request, reply) => {
      await deleteZone(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
};
