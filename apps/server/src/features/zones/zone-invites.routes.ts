import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZoneInviteCreateSchema,
  ZoneInviteJoinSchema,
  ZoneInviteListSchema,
  ZoneInvitePreviewSchema,
  ZoneInviteSchema,
  ZoneSchema,
} from '@motema/shared/zones';
import type { AppDeps } from '../../deps.ts';
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import {
  createInvite,
  joinByInvite,
  listInvites,
  previewInvite,
  revokeInvite,
} from './zone-invites.service.ts';
import { presentInvite, presentInviteMade, presentInvitePreview } from './zones.presenter.ts';
import { zoneCovers } from './zones.service.ts';
import { presentZoneOf, ZoneParamsSchema } from './zones.routes.ts';

const MINUTE = 60_000;
const refused = { 403: 'zone_not_allowed: admins and managers only', 404: 'zone_not_found' };
const inviteRefused = {
  410: 'zone_invite_invalid (unknown), zone_invite_revoked, zone_invite_expired, zone_invite_used_up',
};
/** The token in the path: the request log shows it `[redacted]` (plugins/request-log.ts). */
const TokenParamsSchema = z.object({ token: ZoneInviteJoinSchema.shape.token });

/** Invite links of a zone: made, listed and revoked by its admins and managers, used by anyone. */
export const zoneInvitesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/zones/:id/invites',
    {
      config: perMemberRateLimit('zone-invite-create', 30, MINUTE),
      schema: {
        params: ZoneParamsSchema,
        body: ZoneInviteCreateSchema,
        response: { 201: ZoneInviteSchema, ...apiErrors(refused) },
      },
    },
    async (request, reply) => {
      const made = await createInvite(deps, memberOf(request).userId, request.params.id, request.body);
      return reply.code(201).send(presentInviteMade(made));
    },
  );

  app.get(
    '/zones/:id/invites',
    { schema: { params: ZoneParamsSchema, response: { 200: ZoneInviteListSchema, ...apiErrors(refused) } } },
    async (request) => {
      const rows = await listInvites(deps.db, memberOf(request).userId, request.params.id);
      return { invites: rows.map((row) => presentInvite(row)), count: rows.length };
    },
  );

  app.delete(
    '/zones/:id/invites/:invite',
    {
      config: perMemberRateLimit('zone-invite-revoke', 30, MINUTE),
      schema: {
        params: ZoneParamsSchema.extend({ invite: z.uuid({ error: 'invalid_value' }) }),
        response: {
          204: noBody('Revoked'),
          ...apiErrors({ ...refused, 404: 'zone_not_found; zone_invite_invalid' }),
        },
      },
    },
    async (request, reply) => {
      await revokeInvite(deps, memberOf(request).userId, request.params.id, request.params.invite);
      return reply.code(204).send();
    },
  );

  // What the link invites to, before the member chooses to join: nothing joined, no use counted.
  app.get(
    '/zones/by-invite/:token',
    {
      config: perMemberRateLimit('zone-invite-preview', 60, MINUTE),
      schema: {
        params: TokenParamsSchema,
        response: { 200: ZoneInvitePreviewSchema, ...apiErrors(inviteRefused) },
      },
    },
    async (request) => {
      const preview = await previewInvite(deps.db, memberOf(request).userId, request.params.token);
      return presentInvitePreview(preview, await zoneCovers(deps.db, [preview.context.zone]));
    },
  );

  app.post(
    '/zones/by-invite',
    {
      config: perMemberRateLimit('zone-invite-join', 30, MINUTE),
      schema: {
        body: ZoneInviteJoinSchema,
        response: {
          201: ZoneSchema,
          ...apiErrors({
            403: 'zone_banned',
            409: 'zone_already_member; zones_limit_reached',
            ...inviteRefused,
          }),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await presentZoneOf(
            deps.db,
            await joinByInvite(deps, memberOf(request).userId, request.body.token),
          ),
        ),
  );
};
