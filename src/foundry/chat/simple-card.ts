import { applyMessageMode, userMessageMode } from '../compat';
import { templatePath } from '../constants';

/**
 * Posts a one-shot chat card (a skill roll, a potential-damage roll) rendered from a template,
 * spoken by `actor`, carrying its Foundry Rolls and following the user's roll (v13) or message (v14) mode. Multi-step
 * exchanges use the `carte` pipeline (card.ts) instead.
 */
export async function postTemplateCard(
  actor: unknown,
  template: string,
  context: Record<string, unknown>,
  rolls: Roll[],
): Promise<unknown> {
  const content = await foundry.applications.handlebars.renderTemplate(templatePath(template), context);
  // The configured class (a test or module may replace it), rather than the global.
  const Message = CONFIG.ChatMessage.documentClass;
  const speaker = Message.getSpeaker({ actor: actor as Actor.Implementation });
  const data: Record<string, unknown> = { content, rolls, speaker };
  // A one-shot roll concerns only its author: the chosen mode applies in full (v13 or v14 names).
  applyMessageMode(data, userMessageMode());
  return Message.create(data as unknown as ChatMessage.CreateData);
}
