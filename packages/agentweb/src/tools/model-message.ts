import type { AgentWebError } from '@agentweb/core';

type Fields = { [key: string]: unknown };

const stringField = (error: Fields, name: string): string | undefined =>
  typeof error[name] === 'string' ? (error[name] as string) : undefined;

/**
 * What a tool result tells the model about an error. Library messages speak to the developer, naming options and
 * functions (`pass credentials to createMerchantClient`, `set allowHttp`, `addMerchant()`) that a model cannot
 * reach; for those codes the model is told what it can change (another argument, another tool, another merchant)
 * or what to tell the user. Every other message is already about the call's own input and passes through.
 */
export function modelMessage(error: AgentWebError): string {
  const fields = error as unknown as Fields;
  switch (error.code) {
    case 'CAP_CREDENTIALS_REQUIRED': {
      const skill = stringField(fields, 'skillId') ?? 'this action';
      const merchant = stringField(fields, 'merchantId') ?? 'this merchant';
      return `${merchant} answers ${skill} only for a signed-in customer, and no account is set up for it here, so nothing was sent; tell the user this merchant needs them to sign in, or use another merchant`;
    }
    case 'AGENTWEB_NO_MERCHANT': {
      const known = Array.isArray(fields['known']) ? (fields['known'] as string[]) : [];
      return known.length === 0
        ? 'no merchant is known yet; call discover_merchants with the domain of the shop first, or pass the merchant argument'
        : `${known.length} merchants are known (${known.join(', ')}); pass the merchant argument with the one to use`;
    }
    case 'URL_POLICY':
      return stringField(fields, 'reason') === 'insecure'
        ? `${error.message.replace(/: plain http is off; set allowHttp$/, '')}: it is a plain http address, which this client does not reach; use the site's https address`
        : error.message;
    case 'BLOCKED_ADDRESS':
      return `${error.message.replace(/; set allowPrivateNetwork to allow it$/, '')}: this client reaches only public addresses; use the site's public address`;
    case 'AGENTWEB_INTENT_TARGET':
      return stringField(fields, 'reason') === 'no-base-url'
        ? 'this service was loaded without its web address, so its endpoints cannot be called from here; tell the user'
        : error.message;
    default:
      return error.message;
  }
}
