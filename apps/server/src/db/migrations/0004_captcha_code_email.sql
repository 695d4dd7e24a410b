-- A registration takes one captcha: the email-code request binds the solved captcha to its address (once, so it
-- sends no second code), and that address's registration then uses it up. Any other use needs an unbound captcha.
ALTER TABLE captchas ADD COLUMN code_email text;
