import type { FastifyBaseLogger } from 'fastify';
import { listenOnChannel, parseJsonOrNull, type ChannelListenerHandle } from '../../db/pg-channel-listener';
import { POSITIONS_CHANNEL, PositionsChangeSchema, type PositionsChangeBus } from './positions-changes';

export type PositionsChangeListenerHandle = ChannelListenerHandle;

/**
 * A dedicated PostgreSQL connection LISTENing for position changes (issue 8 §2), publishing each valid
 * message to the process's bus. While its connection is being re-made, what was sent is missed and the
 * version poll (positions-version.ts, search.service.ts) catches it up. A message that does not parse is
 * logged and dropped.
 */
export function listenForPositionsChanges(options: { connectionString: string; bus: PositionsChangeBus; log: FastifyBaseLogger }): PositionsChangeListenerHandle {
  return listenOnChannel({
    connectionString: options.connectionString,
    channel: POSITIONS_CHANNEL,
    label: 'positions changes',
    log: {
      warn: (object, message) => options.log.warn(object, `${message} (changes are picked up by polling meanwhile)`),
    },
    onPayload(payload) {
      const change = PositionsChangeSchema.safeParse(parseJsonOrNull(payload));
      if (!change.success) {
        options.log.warn('positions changes: a message that is not a change was ignored');
        return;
      }
      options.bus.publish(change.data);
    },
  });
}
