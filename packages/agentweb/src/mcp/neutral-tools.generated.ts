// Generated from the neutral tools' zod schemas by packages/agentweb/scripts/generate-mcp-tool-listing.mjs
// (run it after `pnpm build` when a tool changes); test/mcp-tool-listing.test.ts fails when this file is stale.
import type { JsonSchemaObject } from './stdio/served-tool.js';
import type { McpToolListing } from './tool-listing.js';

/** The neutral tools as `tools/list` shows them, with the default options. */
export const NEUTRAL_TOOL_LISTING: readonly McpToolListing[] = [
  {
    "name": "discover_merchants",
    "title": "Discover merchants",
    "description": "Finds the shopping agents (CAP merchants) behind web domains or page URLs, through DNS, the page's link tag and well-known URIs, and makes them available to search_products, get_product, manage_cart and order_status. Use it when the user names a shop that is not yet in knownMerchants, or with an empty list to see which merchants are known. Sites whose agent does not sell (no CAP support) are listed under otherAgents; sites without an agent under failed.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "targets": {
          "maxItems": 20,
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Domains (e.g. \"shop.example\") or web page URLs to look up. Pass an empty list to only list the merchants already known."
        }
      },
      "additionalProperties": false,
      "required": [
        "targets"
      ]
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "merchants": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "domain": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "description": {
                    "type": "string"
                  },
                  "skills": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "publicSkills": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "queryModes": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "foundBy": {
                    "type": "string"
                  }
                },
                "required": [
                  "domain"
                ],
                "additionalProperties": {}
              }
            },
            "otherAgents": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "target": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "skills": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                },
                "required": [
                  "target"
                ],
                "additionalProperties": {}
              }
            },
            "failed": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "target": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string"
                  },
                  "reason": {
                    "type": "string"
                  }
                },
                "required": [
                  "target",
                  "reason"
                ],
                "additionalProperties": {}
              }
            },
            "knownMerchants": {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            "truncated": {
              "description": "True when lists or texts were shortened to fit the size limit.",
              "type": "boolean"
            }
          },
          "required": [
            "merchants",
            "otherAgents",
            "failed",
            "knownMerchants"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Discover merchants",
      "readOnlyHint": true,
      "openWorldHint": true,
      "idempotentHint": true,
      "destructiveHint": false
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  },
  {
    "name": "search_products",
    "title": "Search products",
    "description": "Searches the catalogs of the known merchants (or the ones named) at the same time and returns matching products with merchant, productId, price, currency, availability and promotions. Use it to find products or compare prices; follow up with get_product for details or variants, and manage_cart to buy. merchants summarises who answered: asked, counts byStatus, and under failed only the merchants that timed out, were rate-limited, skipped or failed, each with its error (code and message); the products that did arrive are still returned. alsoFrom lists other merchants selling the same product (same GTIN) as { merchant, productId }.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "query": {
          "type": "string",
          "description": "What to look for, in a shopper's words, e.g. \"waterproof hiking boots\"."
        },
        "merchants": {
          "anyOf": [
            {
              "maxItems": 50,
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            {
              "type": "null"
            }
          ],
          "description": "Domains of the merchants to ask (from discover_merchants); null asks every known merchant."
        },
        "filter": {
          "description": "Optional CAP filter expression, e.g. \"price < 100 AND brand = 'Acme'\" (AND, OR, parentheses, = != < <= > >=, BETWEEN, IN; strings in single quotes; common attributes: price, brand, category, color, availability, rating). Merchants may ignore it; null for none.",
          "type": [
            "string",
            "null"
          ]
        },
        "maxResults": {
          "anyOf": [
            {
              "type": "integer",
              "minimum": 1,
              "maximum": 20
            },
            {
              "type": "null"
            }
          ],
          "description": "Most products to return across all merchants, 1 to 20; null for 20."
        }
      },
      "additionalProperties": false,
      "required": [
        "query"
      ]
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "products": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "merchant": {
                    "type": "string"
                  },
                  "productId": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "price": {
                    "type": "string"
                  },
                  "currency": {
                    "type": "string"
                  },
                  "availability": {
                    "type": "string"
                  },
                  "promotions": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "brand": {
                    "type": "string"
                  },
                  "category": {
                    "type": "string"
                  },
                  "description": {
                    "type": "string"
                  },
                  "gtin": {
                    "description": "14 digits (GTIN-8/12/13 zero-padded), as in get_product.",
                    "type": "string"
                  },
                  "alsoFrom": {
                    "description": "Other merchants selling the same product (same GTIN).",
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "merchant": {
                          "type": "string"
                        },
                        "productId": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "merchant",
                        "productId"
                      ],
                      "additionalProperties": {}
                    }
                  }
                },
                "required": [
                  "merchant"
                ],
                "additionalProperties": {}
              }
            },
            "found": {
              "type": "integer",
              "minimum": 0,
              "maximum": 9007199254740991
            },
            "shown": {
              "type": "integer",
              "minimum": 0,
              "maximum": 9007199254740991
            },
            "merchants": {
              "type": "object",
              "properties": {
                "asked": {
                  "type": "integer",
                  "minimum": 0,
                  "maximum": 9007199254740991
                },
                "byStatus": {
                  "type": "object",
                  "propertyNames": {
                    "type": "string"
                  },
                  "additionalProperties": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 9007199254740991
                  }
                },
                "failed": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "merchant": {
                        "type": "string"
                      },
                      "status": {
                        "type": "string"
                      },
                      "products": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 9007199254740991
                      },
                      "reason": {
                        "type": "string"
                      },
                      "error": {
                        "type": "object",
                        "properties": {
                          "name": {
                            "type": "string"
                          },
                          "code": {
                            "type": "string"
                          },
                          "message": {
                            "type": "string"
                          },
                          "status": {
                            "type": "number"
                          },
                          "capErrorCode": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "code",
                          "message"
                        ],
                        "additionalProperties": {}
                      }
                    },
                    "required": [
                      "merchant",
                      "status"
                    ],
                    "additionalProperties": {}
                  }
                }
              },
              "required": [
                "asked",
                "byStatus",
                "failed"
              ],
              "additionalProperties": {},
              "description": "How many merchants were asked, how many ended in each status, and the ones that did not answer in full."
            },
            "deadlineReached": {
              "type": "boolean"
            },
            "truncated": {
              "description": "True when lists or texts were shortened to fit the size limit.",
              "type": "boolean"
            }
          },
          "required": [
            "products",
            "found",
            "shown",
            "merchants",
            "deadlineReached"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Search products",
      "readOnlyHint": true,
      "openWorldHint": true,
      "idempotentHint": true,
      "destructiveHint": false
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  },
  {
    "name": "get_product",
    "title": "Get product details",
    "description": "Returns the full details of one product: description, offers with prices and availability, variants (size, colour, each with its variantId), reviews and shipping options. Use it before adding a product with variants to the cart, or when the user asks about a product; it also accepts a product page URL the user pasted.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "product": {
          "type": "string",
          "description": "A productId from search_products, or the URL of a product page on a merchant's website."
        },
        "merchant": {
          "description": "Domain of the merchant selling it; needed with a productId when several merchants are known. null for a page URL.",
          "type": [
            "string",
            "null"
          ]
        }
      },
      "additionalProperties": false,
      "required": [
        "product"
      ]
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "merchant": {
              "type": "string"
            },
            "source": {
              "type": "string"
            },
            "product": {
              "type": "object",
              "properties": {
                "productId": {
                  "type": "string"
                },
                "name": {
                  "type": "string"
                },
                "gtin": {
                  "type": "string"
                },
                "price": {
                  "type": "string"
                },
                "currency": {
                  "type": "string"
                },
                "availability": {
                  "type": "string"
                },
                "promotions": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "offers": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "id": {
                        "type": "string"
                      },
                      "price": {
                        "type": "string"
                      },
                      "currency": {
                        "type": "string"
                      },
                      "availability": {
                        "type": "string"
                      },
                      "promotions": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        }
                      }
                    },
                    "additionalProperties": {}
                  }
                },
                "variants": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "variantId": {
                        "type": "string"
                      },
                      "name": {
                        "type": "string"
                      }
                    },
                    "additionalProperties": {}
                  }
                }
              },
              "additionalProperties": {}
            },
            "truncated": {
              "description": "True when lists or texts were shortened to fit the size limit.",
              "type": "boolean"
            }
          },
          "required": [
            "merchant",
            "product"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Get product details",
      "readOnlyHint": true,
      "openWorldHint": true,
      "idempotentHint": true,
      "destructiveHint": false
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  },
  {
    "name": "manage_cart",
    "title": "Manage cart",
    "description": "Views or changes the user's shopping cart at one merchant: add a product (productId, optional variantId and quantity), update a line's quantity, remove a line, clear the cart, or view it. Returns the cart lines (with cartItemId for later updates) and totals. Only change the cart when the user asked for it; clear removes everything.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "merchant": {
          "type": "string",
          "description": "Domain of the merchant whose cart to use (each merchant has its own cart)."
        },
        "action": {
          "type": "string",
          "enum": [
            "view",
            "add",
            "update",
            "remove",
            "clear"
          ],
          "description": "view: show the cart. add: add quantity of productId (and variantId). update: set the line's quantity (0 removes it). remove: remove a line. clear: empty the cart."
        },
        "productId": {
          "description": "Product to add (required for add); for update/remove when cartItemId is unknown.",
          "type": [
            "string",
            "null"
          ]
        },
        "variantId": {
          "description": "Exact variant (from get_product), with productId; null for none.",
          "type": [
            "string",
            "null"
          ]
        },
        "cartItemId": {
          "description": "Line id from an earlier cart answer; the preferred way to name a line for update and remove.",
          "type": [
            "string",
            "null"
          ]
        },
        "quantity": {
          "anyOf": [
            {
              "type": "integer",
              "minimum": 0,
              "maximum": 999
            },
            {
              "type": "null"
            }
          ],
          "description": "add: how many to add (null adds 1). update: the new total quantity of the line (required)."
        }
      },
      "additionalProperties": false,
      "required": [
        "merchant",
        "action"
      ]
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "merchant": {
              "type": "string"
            },
            "action": {
              "type": "string"
            },
            "truncated": {
              "description": "True when lists or texts were shortened to fit the size limit.",
              "type": "boolean"
            }
          },
          "required": [
            "merchant",
            "action"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Manage cart",
      "readOnlyHint": false,
      "openWorldHint": true,
      "idempotentHint": false,
      "destructiveHint": true
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  },
  {
    "name": "order_status",
    "title": "Order status",
    "description": "Looks up orders at one merchant by order id or number and returns their status, items, totals, payment state, tracking and recent history. Use it when the user asks where an order is or what it contained. Ids the merchant does not know are listed under notFound.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "merchant": {
          "type": "string",
          "description": "Domain of the merchant the orders were placed with."
        },
        "orderIds": {
          "minItems": 1,
          "maxItems": 20,
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Order ids or order numbers as the user or the merchant gave them, e.g. [\"ORD-1001\"]."
        }
      },
      "additionalProperties": false,
      "required": [
        "merchant",
        "orderIds"
      ]
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "merchant": {
              "type": "string"
            },
            "orders": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "orderId": {
                    "type": "string"
                  },
                  "status": {
                    "type": "string"
                  }
                },
                "additionalProperties": {}
              }
            },
            "notFound": {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            "truncated": {
              "description": "True when lists or texts were shortened to fit the size limit.",
              "type": "boolean"
            }
          },
          "required": [
            "merchant",
            "orders"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Order status",
      "readOnlyHint": true,
      "openWorldHint": true,
      "idempotentHint": true,
      "destructiveHint": false
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  },
  {
    "name": "match_intent",
    "title": "Match intent",
    "description": "Finds which action of the loaded AGIS services (bookings, reservations, account actions, ...) serves what the user wants, and the parameters read from the instruction. Nothing is executed. Returns a matchId and ranked candidates with confidence, extracted params and needsConfirmation; abstain is true when no service fits. Use it to check or explain what would be done, then invoke_intent with the matchId to do it.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "instruction": {
          "type": "string",
          "description": "What the user wants done, in their words, e.g. \"book a table for two tomorrow at 7pm\"."
        },
        "maxCandidates": {
          "anyOf": [
            {
              "type": "integer",
              "minimum": 1,
              "maximum": 5
            },
            {
              "type": "null"
            }
          ],
          "description": "How many candidate endpoints to return, best first; null for 3."
        }
      },
      "additionalProperties": false,
      "required": [
        "instruction"
      ]
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "matchId": {
              "type": "string"
            },
            "abstain": {
              "type": "boolean"
            },
            "candidates": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "candidate": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 9007199254740991
                  },
                  "service": {
                    "type": "string"
                  },
                  "method": {
                    "type": "string"
                  },
                  "path": {
                    "type": "string"
                  },
                  "confidence": {
                    "type": "number"
                  },
                  "needsConfirmation": {
                    "type": "boolean"
                  },
                  "params": {},
                  "reasons": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                },
                "required": [
                  "candidate",
                  "service",
                  "method",
                  "path",
                  "confidence",
                  "needsConfirmation",
                  "params",
                  "reasons"
                ],
                "additionalProperties": {}
              }
            },
            "truncated": {
              "description": "True when lists or texts were shortened to fit the size limit.",
              "type": "boolean"
            }
          },
          "required": [
            "matchId",
            "abstain",
            "candidates"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Match intent",
      "readOnlyHint": true,
      "openWorldHint": false,
      "idempotentHint": true,
      "destructiveHint": false
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  },
  {
    "name": "invoke_intent",
    "title": "Invoke intent",
    "description": "Carries out an action of a loaded AGIS service (book, reserve, cancel, ...): pass the matchId from match_intent (or the instruction itself) and optionally the candidate index and inputJson with missing fields. Irreversible or uncertain actions return CONFIRMATION_REQUIRED with what would be done: explain it to the user and call again with confirmed: true only after the user explicitly agrees. Never set confirmed: true on your own.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "instruction": {
          "description": "What the user wants done, when there is no matchId; it is matched first. null when matchId is given.",
          "type": [
            "string",
            "null"
          ]
        },
        "matchId": {
          "description": "The matchId returned by match_intent (or by an earlier invoke_intent).",
          "type": [
            "string",
            "null"
          ]
        },
        "candidate": {
          "anyOf": [
            {
              "type": "integer",
              "minimum": 0,
              "maximum": 9
            },
            {
              "type": "null"
            }
          ],
          "description": "Index of the candidate to invoke; null for the best (0)."
        },
        "inputJson": {
          "description": "A JSON object of input fields to add or correct over the parameters read from the instruction, e.g. \"{\\\"party_size\\\": 2}\"; null for none.",
          "type": [
            "string",
            "null"
          ]
        },
        "confirmed": {
          "description": "true only after the user explicitly agreed to this exact action in the conversation. Actions that need confirmation are refused without it.",
          "type": [
            "boolean",
            "null"
          ]
        }
      },
      "additionalProperties": false
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "matchId": {
              "type": [
                "string",
                "null"
              ]
            },
            "invoked": {
              "anyOf": [
                {
                  "type": "object",
                  "properties": {
                    "service": {
                      "type": "string"
                    },
                    "method": {
                      "type": "string"
                    },
                    "path": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "service",
                    "method",
                    "path"
                  ],
                  "additionalProperties": {}
                },
                {
                  "type": "null"
                }
              ]
            },
            "status": {
              "type": "number"
            },
            "data": {},
            "truncated": {
              "description": "True when lists or texts were shortened to fit the size limit.",
              "type": "boolean"
            }
          },
          "required": [
            "invoked",
            "status",
            "data"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Invoke intent",
      "readOnlyHint": false,
      "openWorldHint": true,
      "idempotentHint": false,
      "destructiveHint": true
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  },
  {
    "name": "ask_agent",
    "title": "Ask an agent",
    "description": "Sends a message to another AI agent (any A2A agent, found by its domain or agent card URL) and returns its answer text and the task state. Calls to the same agent continue one conversation, so follow-up questions can refer to earlier answers. When state is input-required or auth-required, text is the agent's question: ask the user and call ask_agent again with their answer. For shopping at merchants use the product and cart tools instead.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "agent": {
          "type": "string",
          "description": "The agent to ask: its domain (agent.example), its origin, or the URL of its agent card."
        },
        "text": {
          "type": "string",
          "description": "What to ask or tell the agent, in plain language. To answer a question the agent asked (state input-required), send only the answer."
        },
        "newConversation": {
          "description": "True to start a new conversation with this agent; null or false continues the previous one (follow-ups keep their context).",
          "type": [
            "boolean",
            "null"
          ]
        }
      },
      "additionalProperties": false,
      "required": [
        "agent",
        "text"
      ]
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "agent": {
              "type": "string",
              "description": "The domain the agent speaks for."
            },
            "name": {
              "type": "string"
            },
            "text": {
              "type": "string",
              "description": "The agent's answer; its question when needsInput is true."
            },
            "state": {
              "type": "string"
            },
            "needsInput": {
              "type": "boolean"
            },
            "taskId": {
              "type": [
                "string",
                "null"
              ]
            },
            "contextId": {
              "type": [
                "string",
                "null"
              ]
            },
            "data": {
              "type": "array",
              "items": {}
            },
            "warnings": {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            "truncated": {
              "description": "True when lists or texts were shortened to fit the size limit.",
              "type": "boolean"
            }
          },
          "required": [
            "agent",
            "name",
            "text",
            "state",
            "needsInput",
            "taskId",
            "contextId"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Ask an agent",
      "readOnlyHint": false,
      "openWorldHint": true,
      "idempotentHint": false,
      "destructiveHint": false
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  },
  {
    "name": "checkout",
    "title": "Check out",
    "description": "Buys the items in the user's cart at a merchant (UCP merchants). The first call returns CONFIRMATION_REQUIRED with the totals: tell the user the items and the total, and only if they explicitly agree call checkout again with confirmed: true. Never set confirmed: true on your own. When the merchant needs something (messages, e.g. the buyer's email) or the purchase cannot be completed here, the result has continueUrl: give it to the user to finish on the merchant's page. Payment is handled by the application, never ask the user for card details.",
    "inputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "merchant": {
          "type": "string",
          "description": "The merchant whose cart to check out: its domain, as in manage_cart."
        },
        "buyerEmail": {
          "description": "The buyer's email when the merchant asked for it (a message with path $.buyer.email); else null.",
          "type": [
            "string",
            "null"
          ]
        },
        "confirmed": {
          "description": "true only after the user explicitly agreed to buy these items for this total in the conversation. The first call never completes: it returns the total to confirm.",
          "type": [
            "boolean",
            "null"
          ]
        }
      },
      "additionalProperties": false,
      "required": [
        "merchant"
      ]
    },
    "outputSchema": {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "type": "object",
      "properties": {
        "ok": {
          "type": "boolean",
          "description": "true: data holds the answer. false: error says what went wrong."
        },
        "data": {
          "type": "object",
          "properties": {
            "merchantId": {
              "type": "string"
            },
            "checkoutId": {
              "type": "string"
            },
            "status": {
              "type": "string",
              "description": "incomplete, ready_for_complete, completed, requires_escalation, canceled, ..."
            },
            "completed": {
              "type": "boolean",
              "description": "true when this call completed the purchase."
            },
            "totals": {
              "type": "object",
              "propertyNames": {
                "type": "string"
              },
              "additionalProperties": {
                "type": "string"
              },
              "description": "subtotal, total, tax, ... as decimal strings in currency."
            },
            "currency": {
              "type": "string"
            },
            "messages": {
              "type": "array",
              "items": {},
              "description": "The merchant's messages: what is missing or needs review."
            },
            "continueUrl": {
              "description": "Where the user can finish at the merchant's own page.",
              "type": [
                "string",
                "null"
              ]
            },
            "order": {
              "anyOf": [
                {
                  "type": "object",
                  "properties": {
                    "id": {
                      "type": "string"
                    },
                    "permalinkUrl": {
                      "type": [
                        "string",
                        "null"
                      ]
                    }
                  },
                  "required": [
                    "id",
                    "permalinkUrl"
                  ],
                  "additionalProperties": {}
                },
                {
                  "type": "null"
                }
              ]
            },
            "note": {
              "type": "string"
            }
          },
          "required": [
            "merchantId",
            "checkoutId",
            "status",
            "completed",
            "totals",
            "currency",
            "messages",
            "continueUrl",
            "order"
          ],
          "additionalProperties": {}
        },
        "error": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
            },
            "message": {
              "type": "string",
              "description": "What went wrong and what to change."
            },
            "details": {}
          },
          "required": [
            "code",
            "message"
          ],
          "additionalProperties": {}
        }
      },
      "required": [
        "ok"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Check out",
      "readOnlyHint": false,
      "openWorldHint": true,
      "idempotentHint": false,
      "destructiveHint": true
    },
    "execution": {
      "taskSupport": "forbidden"
    }
  }
];

/** The `outputSchema` of every AGIS tool. */
export const AGIS_RESULT_JSON_SCHEMA: JsonSchemaObject = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "type": "object",
  "properties": {
    "ok": {
      "type": "boolean",
      "description": "true: data holds the answer. false: error says what went wrong."
    },
    "data": {
      "type": "object",
      "properties": {
        "service": {
          "type": "string"
        },
        "method": {
          "type": "string"
        },
        "path": {
          "type": "string"
        },
        "status": {
          "type": "number"
        },
        "data": {},
        "truncated": {
          "description": "True when lists or texts were shortened to fit the size limit.",
          "type": "boolean"
        }
      },
      "required": [
        "service",
        "method",
        "path",
        "status",
        "data"
      ],
      "additionalProperties": {}
    },
    "error": {
      "type": "object",
      "properties": {
        "code": {
          "type": "string",
          "description": "Stable code: an AgentWeb error code, or INVALID_INPUT, UNKNOWN_TOOL, CONFIRMATION_REQUIRED, ..."
        },
        "message": {
          "type": "string",
          "description": "What went wrong and what to change."
        },
        "details": {}
      },
      "required": [
        "code",
        "message"
      ],
      "additionalProperties": {}
    }
  },
  "required": [
    "ok"
  ],
  "additionalProperties": false
};
