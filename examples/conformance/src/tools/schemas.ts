/**
 * Tools whose input schema is written by hand (`@inputSchema`): JSON Schema 2020-12 keywords no TypeScript type
 * says (the json-schema-2020-12 scenario), and an `x-mcp-header` parameter (http-custom-header-server-validation).
 */

/** A postal address. */
interface Address {
  street?: string
  city?: string
}

/**
 * Records how to reach a contact: by phone or by email (the schema says which is required when).
 * @tool json_schema_2020_12_tool
 * @destructive false
 * @inputSchema ../schemas/contact.schema.json
 */
export function contact(name?: string, address?: Address, contactMethod?: 'phone' | 'email', phone?: string, email?: string): string {
  const via = contactMethod === 'phone' || (!contactMethod && phone && !email) ? `phone ${phone}` : `email ${email}`
  return `${name ?? 'Someone'}${address?.city ? ` of ${address.city}` : ''}, by ${via}`
}

/**
 * Looks something up in one region. The region is mirrored into the `Mcp-Param-Region` header (SEP-2243),
 * so a gateway can route the call without reading its body; the server checks that the two agree.
 * @tool routed_query
 * @readOnly
 * @inputSchema ../schemas/routed-query.schema.json
 */
export function routedQuery(region: string, query: string): string {
  return `${query} in ${region}`
}
