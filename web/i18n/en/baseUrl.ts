/** en strings for /base-url-config (keys under `baseUrl.`); texts as in docs/product.md#base-url-override. */
export default {
  meta: { title: "Base URL Configuration" },
  title: "Base URL Configuration",
  subtitle: "Point this browser at another backend server, for testing.",
  current: {
    title: "Current base URL",
    custom: "Custom override",
    default: "Default",
    loading: "Reading…",
  },
  form: {
    label: "Backend base URL",
    placeholder: "https://school.example.com",
    valid: "Valid URL format",
    invalid: "Invalid URL format",
    help: "The address of the server that answers the site's requests, including http:// or https://. Example:",
  },
  actions: {
    test: "Test",
    testing: "Testing...",
    save: "Save Configuration",
    reset: "Reset to Default",
    clear: "Clear Configuration",
    back: "Back to Dashboard",
  },
  test: {
    success: "Connection successful! The server at {{url}} is responding.",
    status: "Server responded with status: {{code}}",
    unreachable: "Failed to connect to server. Please check the URL and ensure the server is running.",
  },
  errors: {
    invalidSave: "Please enter a valid URL (e.g., {{host}})",
    invalidTest: "Please enter a valid URL first",
    storage: "Failed to save URL to localStorage",
    notAllowed: "This site's security policy does not let its pages talk to that address. Allowed: {{list}}.",
  },
  saved: "Configuration updated successfully!",
  info: {
    title: "About this setting",
    browserOnly: "The override is stored in this browser only (localStorage).",
    testing: "It is meant for testing, for example against a staging server.",
    notShared: "It is not shared across devices or with other users.",
    allowed:
      "For security, the pages may only talk to this site and to the addresses the school's administrator has allowed: {{list}}.",
    allowedNone:
      "For security, the pages may only talk to this site: the school's administrator has allowed no other address.",
    reset:
      "Reset to Default removes the override and uses this site's own address ({{host}}); Clear Configuration removes it and empties the field.",
  },
};
