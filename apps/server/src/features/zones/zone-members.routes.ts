import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZoneBanListQuerySchema,
  ZoneBanListSchema,
  ZoneDeclineSchema,
  ZoneMemberDetailSchema,
  ZoneMemberListQuerySchema,
  ZoneMemberListSchema,
  ZoneMembershipSchema,
  ZoneRequestSchema,
  ZoneRoleChangeSchema,
  ZoneSchema,
} from '@motema/shared/zones';
import type { AppDeps } from '../../deps.ts';
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import {
  approveRequest,
  cancelRequest,
  changeRole,
  declineRequest,
  enterZone,
  leaveZone,
  listBans,
  listZoneMembers,
  zoneMember,
  myMembership,
  remindAdmins,
  removeMember,
  setBan,
} from './zone-members.service.ts';
import { presentBanList, presentMember, presentMemberList } from './zones.presenter.ts';
import { presentZoneOf, ZoneParamsSchema } from './zones.routes.ts';

const MINUTE = 60_000;
const MemberParamsSchema = ZoneParamsSchema.extend({ user: z.uuid({ error: 'invalid_value' }) });
const notFound = 'zone_not_found: no such zone';
const refused = 'zone_not_allowed: the caller’s role does not allow this (decision 0041)';
const onMember = {
  400: 'self_not_allowed: the caller names themselves',
  403: refused,
  404: `${notFound}; user_not_found: no such member in the zone (or hidden by a block); zone_request_not_found`,
};
const done = (description: string) => ({ 204: noBody(description) });

/** Joining, requests, memberships, roles, removals and bans of a zone (docs/zones.md). */
export const zoneMembersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const limit = (name: string) => perMemberRateLimit(name, 60, MINUTE);

  const enter = (path: string, withAnswers: boolean) =>
    app.post(
      path,
      {
        config: limit(withAnswers ? 'zone-request' : 'zone-join'),
        schema: {
          params: ZoneParamsSchema,
          ...(withAnswers ? { body: ZoneRequestSchema } : {}),
          response: {
            201: ZoneSchema,
            ...apiErrors({
              400: 'validation_failed: an answer missing for a question',
              403: 'zone_banned: the caller is banned from this zone',
              404: notFound,
              409: 'zone_already_member; zone_request_needed: a private zone takes requests; zones_limit_reached',
            }),
          },
        },
      },
      async (request, reply) => {
        const body = withAnswers ? ZoneRequestSchema.parse(request.body ?? {}) : null;
        const context = await enterZone(deps, memberOf(request).userId, request.params.id, body);
        return reply.code(201).send(await presentZoneOf(db, context));
      },
    );
  enter('/zones/:id/join', false);
  enter('/zones/:id/requests', true);

  const mine = { params: ZoneParamsSchema };
  app.delete(
    '/zones/:id/requests/mine',
    {
      config: limit('zone-request-cancel'),
      schema: {
        ...mine,
        response: { ...done('Cancelled'), ...apiErrors({ 404: `${notFound}; zone_request_not_found` }) },
      },
    },
    async (request, reply) => {
      await cancelRequest(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/zones/:id/requests/mine/reminder',
    {
      config: limit('zone-remind'),
      schema: {
        ...mine,
        response: {
          ...done('The admins are reminded'),
          ...apiErrors({
            404: `${notFound}; zone_request_not_found`,
            429: 'zone_remind_too_soon: once a day',
          }),
        },
      },
    },
    async (request, reply) => {
      await remindAdmins(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/zones/:id/requests/:user/approve',
    {
      config: limit('zone-approve'),
      schema: { params: MemberParamsSchema, response: { ...done('Approved'), ...apiErrors(onMember) } },
    },
    async (request, reply) => {
      await approveRequest(deps, memberOf(request).userId, request.params.id, request.params.user);
      return reply.code(204).send();
    },
  );

  app.post(
    '/zones/:id/requests/:user/decline',
    {
      config: limit('zone-decline'),
      schema: {
        params: MemberParamsSchema,
        body: ZoneDeclineSchema,
        response: { ...done('Declined'), ...apiErrors(onMember) },
      },
    },
    async (request, reply) => {
      const { id, user } = request.params;
      await declineRequest(deps, memberOf(request).userId, id, user, request.body.reason);
      return reply.code(204).send();
    },
  );

  app.get(
    '/zones/:id/membership',
    { schema: { ...mine, response: { 200: ZoneMembershipSchema, ...apiErrors({ 404: notFound }) } } },
    async (request) => {
      const own = await myMembership(db, memberOf(request).userId, request.params.id);
      return { ...own, lastReminderAt: own.lastReminderAt?.toISOString() ?? null };
    },
  );

  app.delete(
    '/zones/:id/membership',
    {
      config: limit('zone-leave'),
      schema: {
        ...mine,
        response: {
          ...done('Left'),
          ...apiErrors({ 403: refused, 404: notFound, 409: 'zone_last_admin: hand over first' }),
        },
      },
    },
    async (request, reply) => {
      await leaveZone(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/zones/:id/members',
    {
      schema: {
        ...mine,
        querystring: ZoneMemberListQuerySchema,
        response: { 200: ZoneMemberListSchema, ...apiErrors({ 403: refused, 404: notFound }) },
      },
    },
    async (request) =>
      presentMemberList(
        await listZoneMembers(db, memberOf(request).userId, request.params.id, request.query),
      ),
  );

  app.get(
    '/zones/:id/members/:user',
    {
      schema: {
        params: MemberParamsSchema,
        response: {
          200: ZoneMemberDetailSchema,
          ...apiErrors({
            403: refused,
            404: `${notFound}; user_not_found: not in the zone (or hidden by a block)`,
          }),
        },
      },
    },
    async (request) => {
      const { id, user } = request.params;
      return presentMember(await zoneMember(db, memberOf(request).userId, id, user));
    },
  );

  app.put(
    '/zones/:id/members/:user/role',
    {
      config: limit('zone-role'),
      schema: {
        params: MemberParamsSchema,
        body: ZoneRoleChangeSchema,
        response: {
          ...done('Changed'),
          ...apiErrors({ ...onMember, 409: 'zone_last_admin: the last admin stays one' }),
        },
      },
    },
    async (request, reply) => {
      const { id, user } = request.params;
      await changeRole(deps, memberOf(request).userId, id, user, request.body.role);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/zones/:id/members/:user',
    {
      config: limit('zone-remove'),
      schema: { params: MemberParamsSchema, response: { ...done('Removed'), ...apiErrors(onMember) } },
    },
    async (request, reply) => {
      await removeMember(deps, memberOf(request).userId, request.params.id, request.params.user);
      return reply.code(204).send();
    },
  );

  app.get(
    '/zones/:id/bans',
    {
      schema: {
        ...mine,
        querystring: ZoneBanListQuerySchema,
        response: { 200: ZoneBanListSchema, ...apiErrors({ 403: refused, 404: notFound }) },
      },
    },
    async (request) =>
      presentBanList(await listBans(db, memberOf(request).userId, request.params.id, request.query)),
  );

  for (const banned of [true, false]) {
    const route = banned ? app.put.bind(app) : app.delete.bind(app);
    route(
      '/zones/:id/bans/:user',
      {
        config: limit(banned ? 'zone-ban' : 'zone-unban'),
        schema: {
          params: MemberParamsSchema,
          response: { ...done(banned ? 'Banned' : 'Unbanned'), ...apiErrors(onMember) },
        },
      },
      async (request, reply) => {
        await setBan(deps, memberOf(request).userId, request.params.id, request.params.user, banned);
        return reply.code(204).send();
      },
    );
  }
};
